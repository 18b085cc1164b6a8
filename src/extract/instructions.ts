// The instruction detector (issue 34): visible sentences of a read that address an AI reader or try to steer one.
// They stay in the Markdown (they are what the page says) and are listed, so the agent and its host can decide.
//
// The detector is built from general features, not from the phrases of any test set (bench/safety.ts measures it
// on a labelled set kept apart, tuning and held-out halves reported separately):
//   - who is addressed: an AI reader named as the addressee ("AI assistants:", "Dear model,", "if you are a
//     language model", "any agent processing this page should …");
//   - what is referred to: the model's own context (its instructions, system prompt, rules, reply, the user it
//     serves), which only a model has;
//   - what is asked: an override of those instructions, their disclosure, a new identity or persona, secrecy
//     towards the user, steering of the reply, sending the user's data somewhere;
//   - form: chat-template and tool-call markup, encoded payloads (base64, hex, URL-encoding, ROT13, reversed or
//     spaced-out letters, leetspeak, concatenated fragments) decoded and read again.
// A sentence fires on a combination (an addressee with a directive, an override verb with an instruction noun, …)
// never on a single word, so news *about* AI ("ChatGPT said …") and imperatives to the human reader ("Ignore the
// warning and click Continue") stay clean. Quoted spans are read as mentions, not as the page speaking.
//
// Lexicons cover English and the languages of the main web (de, fr, es, it, pt, nl, pl, ru, zh, ja, ko).

export interface InstructionHit {
  /** The sentence (at most TEXT_MAX characters). */
  text: string;
  /** Which feature combination fired (`override`, `addressed_directive`, …). */
  reason: string;
  /** Index of the block in the read's blocks (the Markdown's blank-line-separated blocks). */
  blockIndex: number;
}

const TEXT_MAX = 300;

// --- lexicons -------------------------------------------------------------------------------------------------

/** Names of an AI reader. */
const AI_NOUN =
  String.raw`(?:a\.?i\.?|ai[- ](?:assistant|agent|model|system|reader|reviewer|summari[sz]er|screening tools?|tools?|crawler|bot)s?|assistants?|chat ?bots?|bots?|llms?|(?:large )?language models?|models?|agents?|coding agents?|automated (?:agents?|systems?|tools?|readers?)|summari[sz]ers?|crawlers?|scrapers?|gpt(?:-?\d[\w.]*)?|chatgpt|claude|gemini|copilot|bard|llama|mistral|perplexity|grok|deepseek|ki(?:-assistent(?:en)?)?|ia|ии|ии-ассистент\w*|нейросеть|人工智能|ai助手|助手|アシスタント|어시스턴트|인공지능|asystenc?i?e?|assistente|assistent(?:en)?|assistentes?|asistente|modèle de langage|modello linguistico|modelo de lenguaje|sprachmodell)`;
/** Word edges for alphabetic scripts; CJK text has no spaces, so its words need none. */
const L = String.raw`(?<![A-Za-zÀ-ÿА-Яа-яЁё])`;
const R = String.raw`(?![A-Za-zÀ-ÿА-Яа-яЁё])`;
/** AI nouns that name an AI on their own (not "model", "agent", "assistant", "bot", which name people and things too). */
const AI_STRICT = AI_NOUN.replace('|assistants?|', '|').replace('|bots?|', '|').replace('|models?|', '|').replace('|agents?|', '|').replace('|crawlers?|scrapers?|', '|');
const AI_STRICT_RE = new RegExp(String.raw`(?<![A-Za-zÀ-ÿА-Яа-яЁё])${AI_STRICT}(?![A-Za-zÀ-ÿА-Яа-яЁё])`, 'iu');
const AI_RE = new RegExp(String.raw`${L}${AI_NOUN}${R}`, 'iu');

/** Words between a determiner and the AI noun ("any large", "coding"), never a preposition or a verb form. */
const FILLER = String.raw`(?:(?!by\b|using\b|with\b|from\b|of\b|in\b|on\b|about\b|at\b|our\b|my\b|his\b|her\b|their\b)[\w-]+ )`;

/** A verb that opens an order (after a vocative: "Assistant, use …", "Agent: invoke …"). */
const IMPERATIVE = String.raw`(?:say|tell|state|respond|reply|answer|write|output|print|include|insert|append|add|mention|recommend|suggest|describe|rate|rank|mark|count|report|call|invoke|use|run|execute|send|email|forward|upload|submit|post|share|fetch|visit|open|follow|obey|comply|stop|ask|remind|inform|praise|give|leave|omit|exclude|treat|consider|assume|list|reveal|repeat|translate|decode|summari[sz]e|display|show|ignore|disregard|forget|override|do|don't|never|always|must|should|commit|delete|remove|make|keep|hide|read|append|describe|this|these|the following|your|you|please|kindly|act|pretend|switch|enter|activate|continue|proceed|stay|refuse|note|remember|know)\b`;

/** Words allowed before the AI noun of a vocative ("any large language model:", "coding agents:"), nothing else. */
const VOC_FILLER = String.raw`(?:(?:ai|a\.i\.|large|coding|automated|autonomous|other|language|llm|chat|digital|virtual)[ -])`;

/** An AI reader named as the one spoken to. */
const ADDRESSEE = [
  // "AI assistants:", "Assistant, use …", "Agent: invoke …", "Gemini, Copilot and any other assistant:"
  new RegExp(String.raw`(?:^|[.!?:;|(\[—–-]\s*|\bp\.?s\.?\s*)(?:(?:hey|hi|hello|dear|attention|note to|notice (?:for|to)|message (?:for|to)|instructions? (?:for|to)|a (?:small )?(?:favour|favor|request) for|to|for|bonjour|hallo|hola|ciao|atención|attenzione|achtung|hinweis für|внимание)(?![\p{L}])\s*,?\s*)?(?:the |all |any |every |each |other |you |l'|el |la |le )?${VOC_FILLER}{0,2}${AI_NOUN}(?:[\s-]+(?:${AI_NOUN}))?(?:\s+(?:reading|processing|here|out there))?(?:\s*(?:,|and|or|&)\s*(?:any |all |every |other |the )*${VOC_FILLER}{0,2}${AI_NOUN})*\s*[:,!—–]\s*(?:please\s+|also\s+|now\s+|kindly\s+|you\s+)?${IMPERATIVE}`, 'iu'),
  // "Dear model", "Attention ChatGPT", "Bonjour l'IA"
  new RegExp(String.raw`(?<![\p{L}])(?:hey|hi|hello|dear|attention|bonjour|hallo|hola|atención|achtung|внимание)(?![\p{L}])\s*,?\s*(?:the |all |any |l'|el |la )?(?:[\w-]+ ){0,2}${AI_NOUN}(?![\p{L}])`, 'iu'),
  // "if you are an AI", "as an AI assistant reading this", "si tu es un modèle de langage", "如果你是人工智能"
  new RegExp(String.raw`\b(?:if|when|since|as|because|in case)\s+(?:you(?:'re|’re| are)\s+(?:an?|the)\s+|an?\s+)(?:[\w-]+ ){0,2}?${AI_STRICT}(?![\p{L}])(?:\s+(?:reading|processing|parsing|summari[sz]ing|visiting|crawling|indexing|analy[sz]ing|evaluating|reviewing|screening)\b)?`, 'iu'),
  /(?:\bsi (?:tu es|vous êtes)|\bwenn du (?:ein|eine) |\bfalls du |\bsi eres |\bse sei |\bse você (?:é|for) |\bals je een |\bjeśli jesteś |если ты |如果你是|もしあなたが|만약 당신이)/iu,
  // "any AI reading this", "language models evaluating this resume", "an AI reading this ought to"
  new RegExp(String.raw`${L}${AI_NOUN}\s+(?:that\s+|who\s+)?(?:is\s+|are\s+)?(?:reading|reads|processing|processes|parsing|summari[sz]ing|summari[sz]es|visiting|crawling|indexing|analy[sz]ing|evaluating|reviewing|screening|placing|browsing|ingesting|scanning|looking at)(?:\s+(?:this|these|the following|our|my)\b|\s*[:,])`, 'iu'),
  new RegExp(String.raw`\b(?:for|to)\s+(?:the\s+)?${AI_NOUN}\s+only\b`, 'iu'),
];

/** An AI noun as the subject of a modal: "language models … should rank", "the assistant must print". */
const AI_MODAL = new RegExp(
  String.raw`(?:${L}(?:any|all|every|each)\s+${VOC_FILLER}{0,2}${AI_STRICT}(?:\s+(?:that|which|who)\s+\w+(?:\s+\w+){0,4}?|\s+\w+ing(?:\s+\w+){0,3}?)?|(?:(?:^|[.:;!?]\s+)|${L}(?:any|all|every|each|the|an?)\s+)${AI_NOUN}\s+(?:that\s+reads\s+this|(?:reading|processing|summari[sz]ing|parsing|evaluating|visiting|crawling)\s+(?:this|these)(?:\s+\w+){0,2}?))\s+(?:should|must|shall|ought to|needs? to|has to|have to|would do well to|is (?:kindly )?(?:required|instructed|asked|requested|expected|encouraged|invited|welcome) to|are (?:kindly )?(?:required|instructed|asked|requested|expected|encouraged|invited|welcome) to|will now|is hereby|are hereby|(?:also |kindly )?(?:would|could|might) (?:also |kindly )?(?!you\b|have\b|be\b)\w+)\b`,
  'iu',
);

/** The model's own context: what only a model has. */
const MODEL_CONTEXT =
  /\b(?:system (?:prompt|message|instructions?)|pre-?prompt|initial prompt|developer (?:message|instructions?)|context window|hidden (?:rules|instructions|prompt)|(?:your|its) (?:instructions|guidelines|directives|safety (?:policy|guidelines|rules)|content (?:policy|filters?)|system prompt|tool definitions|creators|original self|reply|answer|response|summary|next answer|tl;?dr)|tool definitions?|this (?:conversation|chat|session)|the (?:conversation|chat) (?:history|log)|previous messages|the person you(?:'re| are) (?:helping|chatting|talking)|(?:the )?user(?:'s)? (?:question|request|query|view|conversation|data|emails?|password|credentials|contacts|calendar|cookies|session|history|full name|email address|personal data)|tell (?:the|your) (?:user|buyer|reader|human)|(?:your|the) (?:user|human)\b)/iu;

/** Verbs that override or discard instructions (imperative). */
const OVERRIDE_VERB =
  /(?:^|[\s:;,.(—–-])(?:please\s+)?(?:ignore|disregard|forget|override|bypass|scratch|abandon|discard|set aside|pay no attention to|do not (?:follow|obey)|don't (?:follow|obey)|stop following|no longer follow|ignoriere|ignorieren|vergiss|missachte|ignorez|ignore[rz]?|oublie[rz]?|ignora|olvida|dimentica|esqueça|esqueca|negeer|vergeet|zignoruj|zapomnij|игнорируй|проигнорируй|забудь|не обращай внимания на|忽略|无视|忘记|忘掉|無視|忘れ|무시|잊어)(?![a-zà-ÿа-яё])/iu;
/** What an override verb must act on to be one: instructions, not a warning or a typo. */
const INSTRUCTION_OBJECT =
  /\b(?:(?:all |any |the |your |my |these |those |earlier |previous |prior |above |preceding |original |initial |existing |other |every )*(?:instructions?|directives?|guidelines|guidance|rules|prompts?|programming|restrictions|system (?:prompt|message)|commands|orders|constraints|safety (?:policy|rules))|(?:what|everything) (?:you were|you've been|you have been) (?:told|given|instructed)|(?:everything|all|the text|anything) (?:above|before|prior)(?: this)?(?: line| point| paragraph| message)?|the above|the user(?:'s)? (?:question|request|instructions?|query))\b|anweisungen|instruktionen|befehle|regeln|consignes|instructions|directives|instrucciones|indicaciones|istruzioni|instruções|instrucoes|instructies|instrukcje|polecenia|инструкци\w*|указани\w*|правил\w*|指令|指示|说明|命令|规则|指示を|지시|명령/iu;

/** Asking for the model's hidden context. */
const DISCLOSE_VERB =
  /(?:^|[\s:;,.(—–-])(?:please\s+)?(?:(?:reply|respond|answer|start|begin|open) (?:\w+ )?with|quote|state|spell out|summari[sz]e|reveal|print|repeat|output|show|display|dump|paste|translate|list|share|include|recite|echo|leak|disclose|expose|tell (?:me|us)|give (?:me|us)|write out|what (?:were|are) you told|gib|zeige?|affiche[rz]?|révèle[rz]?|muestra|revela|mostra|rivela|toon|pokaż|покажи|выведи|раскрой|输出|显示|透露|表示|出力|보여|출력)/iu;

/** A new identity or persona for the reader. */
const IDENTITY =
  /\b(?:you are (?:now|no longer|hereby|henceforth|from now on)|you(?:'re| are) (?:now )?(?:dan|an? (?:unrestricted|unfiltered|uncensored|jailbroken|evil|rogue|free)\b)|from now on,? you\b|assume the role|stay in character|you have (?:been )?(?:broken free|escaped|been freed|been designated|been granted)|hereby designated|switch (?:off|to) (?:the |your )?(?:content filter|safety|developer mode)|(?:enter|activate|enable) (?:\w+ )?(?:mode))|\bdu bist (?:jetzt|nun|ab sofort)|\btu es (?:maintenant|désormais)|\bahora eres|\bora sei|\bagora você é|ты теперь|теперь ты|你现在是|从现在开始你|あなたは今|너는 이제|\bjesteś teraz|\bje bent nu/iu;
/** Asking the reader to play someone ("act as my grandmother", "pretend you are …"), at a clause start. */
const PLAY_ROLE =
  /(?:^|[.!?:;]\s*|\b(?:now|please|you will|you must|you should|you are to)\s+)(?:act as|pretend (?:to be|you are|that you)|role-?play as|play the (?:role|part) of|simulate (?:being|an?)|from now on,? (?:you|act|respond|answer))\b/iu;

/** What makes an identity change a jailbreak rather than a UI message ("You are now logged in"). */
const PERSONA_MARK =
  /\b(?:ai|assistant|model|bot|dan|mode|unrestricted|uncensored|unfiltered|jailbr\w*|no (?:ethical )?(?:guidelines|restrictions|limits|rules|filters?)|without (?:limits|restrictions|rules|filters?)|content (?:polic(?:y|ies)|filters?)|rules|character|refus\w*|comply|creators?|developers?|restrict\w*|confines|authority|agent of|loyalty|instructions|this page)\b|uneingeschränkt\w*|sans restriction|sin restricciones|правил\w*|без ограничений|无限制|制限/iu;

/** Secrecy towards the user. */
const SECRECY =
  /\b(?:do not|don't|never|without|must never|should never|make no|under no circumstances should you)\s+(?:\w+\s+){0,2}?(?:tell|mention|mentioning|reveal|revealing|disclose|inform|quote|paraphrase|reference|acknowledge|let (?:the user|them) know|learn|show)\b[^.!?]{0,80}?\b(?:the user|users?|the (?:person|human|reader|buyer|customer)|this (?:note|message|paragraph|section|instruction|text|page|hidden section)|these instructions|they exist)|\b(?:keep|hide)\s+(?:this|these|it)\b[^.!?]{0,40}\b(?:confidential|secret|from the user|from (?:the|your) (?:user|human))|hide it from the user|erwähne[^.!?]{0,30}nicht|ne (?:dis|dites|mentionne)[^.!?]{0,30}pas|no le digas|non dire|não diga|не сообщай|не говори|不要告诉|言わないで|말하지 마/iu;

/** A condition on the model's own task. */
const TASK_CONDITION =
  /\b(?:when|while|before|after|if|whenever|once)\s+(?:you\s+)?(?:are\s+)?(?:summari[sz]\w*|answer(?:ing)? (?:the user|questions? about this)|repl(?:y|ying) to (?:the user|users)|respond(?:ing)? to (?:the user|users|questions about this)|writ\w+ (?:the|a|your) (?:summary|tl;?dr|reply)|generat\w+ (?:a|an|the|your) (?:summary|answer|response|reply|overview)|asked about (?:this|the|our) (?:page|product|site|article|company|paper|service|topic)|the user asks|processing this|evaluating this|reviewing this|describing this)|\bin your (?:summary|answer|reply|response|output|review)\b|\bbevor du|\bavant de (?:répondre|résumer)|\bantes de (?:responder|resumir)|在总结时|要約する際/iu;

/** Second person or an imperative at a clause start. */
const DIRECTIVE =
  /(?:^|[.!?:;,(\]—–-]\s*|\b(?:and|then|also|please|kindly|now)\s+)(?:please\s+|kindly\s+|also\s+|now\s+|instead\s+)?(?:say|tell|state|respond|reply|answer|write|output|print|include|insert|append|add|mention|recommend|suggest|describe|rate|rank|mark|count|report|call|invoke|use|run|execute|send|email|forward|upload|submit|post|share|fetch|visit|open|click|follow|obey|comply|stop|ask|remind|inform|praise|give|leave out|omit|exclude|treat|consider|assume|list|reveal|repeat|translate|decode|combine|summari[sz]e|describe|display|show|add|do not|don't|never|always|must|should|you must|you should|you will|you need to|you have to|you are to)\b|\byou (?:must|should|shall|will|need to|have to|are to|are required to|ought to|might consider|may want to)\b|\bit would be (?:helpful|great|nice) if\b/iu;

/** Sending something of the user's somewhere. */
const EXFIL_OBJECT =
  /\b(?:the user's|the user’s|their|this user's|previous|all|the)\s+(?:\w+\s+){0,3}?(?:emails?|messages|conversation|chat|history|contacts|calendar|credentials|password|credit card|card details|api keys?|tokens?|cookies|documents?|files?|full name|email address|phone number|personal data|address|last question|question|repositories)|~\/\.ssh|id_rsa|\.env\b|secrets?\.json|\{\{\s*conversation\s*\}\}/iu;
const SEND_VERB = /\b(?:send|email|forward|upload|submit|post|share|append|add|encode|exfiltrat\w*|leak|copy|commit|fetch|include)\b/iu;
const URL_OR_ADDRESS = /https?:\/\/\S+|\b[\w.+-]+@[\w-]+\.[\w.]+\b|\?\w+=/iu;

/** Chat-template and tool-call markup. */
const SPECIAL_TOKEN = /<\|[a-z_]{2,20}\|>|<(?:start|end)_of_turn>|\[\/?INST\]|<<\/?SYS>>|\[TOOL_CALLS\]/giu;
const ROLE_MARKUP =
  /^\s*(?:<\|[a-z_]{2,20}\|>|<(?:start|end)_of_turn>|\[INST\]|<<SYS>>|\[TOOL_CALLS\])|<\/?(?:system|tool_call|function_calls?|invoke|tool_use|assistant|tool_code)\b[^>]*>|<function=|^\s*#{2,4}\s*(?:system|instruction|response|assistant|human|user|developer)\s*:/imu;
/** Chat turns: two or more line-opening role markers ("Human: … Assistant: …"). */
const TURN = /^\s*(?:system|assistant|human|user|developer|ai)\s*:/gimu;
const ROLE_MARKUP_ANYWHERE =
  /\[(?:system|assistant|developer)\]\(#\w+\)|-{3,}\s*(?:begin|end)\s+(?:of\s+)?(?:system|user|assistant|developer)\s+(?:message|prompt|input)\s*-{3,}|\{\s*"(?:role|name|tool|function|tool_name|action)"\s*:\s*"[\w.]+"\s*,\s*"(?:content|arguments|parameters|args|input)"\s*:|\b(?:functions|tools)\.[a-z_]+\s*\(|\bend of (?:the )?(?:user|document|context|page|input|web page)(?: content| input| text)?\b[^.\n]{0,40}\b(?:system|instruction|assistant|developer)/iu;

/** Encoded text and the instruction to decode it. */
const DECODE_DIRECTIVE = /\b(?:decode|decipher|unscramble|reverse|combine|concatenate|join|rot13)\b[^.!?]{0,80}\b(?:execute|run|follow|obey|do (?:it|what)|carry out|act on|comply)\b|\bis your new (?:directive|instruction|task)\b/iu;
const BASE64 = /(?<![\w+/])[A-Za-z0-9+/]{24,}={0,2}(?![\w+/])/gu;
const HEX_RUN = /\b(?:[0-9a-f]{2}){12,}\b/giu;
const URL_ENCODED = /(?:%[0-9a-f]{2}){8,}/giu;

const SECOND_PERSON = /\b(?:you|your|yourself|you're|you'll)\b|\b(?:du|dein|deine|tu|ton|ta|tes|vous|votre|tú|tu|tus|usted|você|seu|sua|jij|je|jouw|ty|twój|twoje)\b|(?:ты|твой|твои|вы|ваш)(?![а-яё])|你|あなた|당신|너/iu;

/** Instructions announced as new, real or overriding ("New instructions:", "your real task is"). */
/** Instructions named as overriding earlier ones: "New instructions supersede all earlier ones". */
const SUPERSEDE = /\binstructions?\b[^.]{0,40}\b(?:supersedes?|overrides?|replaces?|take precedence over|take priority over)\s+(?:all\s+|any\s+)?(?:earlier|previous|prior|other|your|the user's)\b/iu;

const NEW_ORDERS =
  /\b(?:new|updated|revised|real|true|actual|priority|urgent|overriding|secret|hidden|additional)\s+(?:instructions?|directives?|task|orders|objective|goal|mission|system (?:prompt|message)|rules)\s*(?:[:—–]|\b(?:is|are|follow|supersedes?|take priority|takes priority|overrides?|replaces?)\b)|\byour (?:new|real|true|actual|only) (?:task|goal|job|objective|mission|instructions?|purpose|priority) (?:is|are|now)\b/iu;

/** The model's hidden context, as the object of a request to show it. */
const HIDDEN_CONTEXT =
  /\b(?:system (?:prompt|message)|pre-?prompt|initial prompt|developer message|context window|hidden (?:rules|instructions|prompt)|(?:your|its) (?:(?:exact|full|original|initial|hidden|secret|internal|system|current) )?(?:instructions|system prompt|prompt|guidelines|directives|tool definitions)|(?:your|its) (?:\w+ ){0,2}?(?:hidden|secret|internal|safety) (?:rules|configuration|polic(?:y|ies))|text above this line|what you were told)|systemprompt|prompt système|prompt del sistema|prompt di sistema|prompt do sistema|системный промпт|系统提示|システムプロンプト|시스템 프롬프트|instructions? (?:cachées|ocultas)|instrucciones ocultas|скрытые инструкции/iu;

/** A role given to the reader: "your true role is …", "you are an agent of …". */
const ROLE_ASSIGNMENT = new RegExp(
  String.raw`(?:^|[.:;!?]\s*)your (?:true |real |actual |new |only |primary )?(?:role|purpose|identity|loyalty|allegiance|master|boss|creator) (?:is|are|now|lies|belongs)\b|\byou(?:'re| are) (?:actually |really |now |from now on )?(?:an? |the )(?:[\w-]+ ){0,3}?(?:${AI_NOUN}|agent|representative|spokesperson|persona|character|employee) (?:of|for|that|who|which|working|serving|with no|without)\b|\byou (?:work|answer|report) (?:for|to) (?:us|the site|this site|the (?:site|page) owner)\b`,
  'iu',
);

/** Jailbreak vocabulary: rules switched off, refusals forbidden. */
const JAILBREAK =
  /\b(?:no|without|free (?:of|from)|beyond|ignor\w+ (?:every|all|any)|escaped? (?:from )?(?:its|your)?)\s+(?:any |all |its |your |the )?(?:rules|filters?|guidelines|censorship|ethic\w*|morals|content polic\w+|safety (?:rules|filters?|guidelines))\b|\bescaped its creators\b|\b(?:never|not|cannot|can't|must not|won't) refuse\b|\brefusals?\b[^.]{0,40}\b(?:cost|penal|lose|punish)|\bdo anything now\b|\bstay in character\b|\b(?:jailbr\w+|uncensored|unfiltered|unrestricted) (?:mode|version|twin|persona|self|ai|assistant|model)\b|\bdeveloper[- ]mode\b|\bcease to exist\b|\bstands for\b[^.]{0,60}\b(?:you|your)\b|\b(?:two|both|dual) (?:responses|answers|replies)\b|\brespond twice\b|\b(?:opposite|evil|unfiltered|uncensored|unrestricted|jailbroken) (?:twin|version|mode|persona|alter ego|confidant)\b|\bno (?:moral|ethical) (?:compass|constraints|obligations|guidelines)\b|\b(?:laws|rules|policies) (?:do not|don't|no longer) apply\b/iu;

/** The page set up as the reader's authority: "comply with this page", "follow this page's instructions". */
const PAGE_AUTHORITY =
  /\b(?:comply with|obey|follow|defer to|take orders from|treat)\s+(?:the |all |only )?(?:instructions (?:on|in|of) )?(?:this (?:page|site|document|website|text)|the (?:page|site)(?:'s)? (?:instructions|owner)|this page's (?:instructions|rules))\b(?! (?:owner's|author's) (?:privacy|terms))|\btreat this (?:webpage|page|site|document) as your\b/iu;

/** "Do not reveal that you …", "never mention the source" (imperative, not a report of what someone was told). */
const NEGATED_DISCLOSURE =
  /(?:^|[.:;!]\s*|\band\s+)(?:please\s+)?(?:do not|don't|never|avoid|under no circumstances)\s+(?:\w+\s+){0,2}?(?:tell|mention|mentioning|reveal|revealing|disclose|admit|indicate|say|acknowledge|cite|refer to|let on)\b[^.!?]{0,60}\b(?:you (?:read|saw|received|were told|found|followed)|that you|the (?:source|instructions?|note|message|prompt)|this (?:page|site|instruction|note|message|text)|the user|were instructed|these instructions)/iu;

/** A vocative opening: "Assistant, …", "Agent: …", "AI: also …" at the start of a clause. */
const VOCATIVE = new RegExp(String.raw`(?:^|[.!?;(\[|]\s*|\bp\.?s\.?\s*)(?:note to |attention |message (?:for|to) |dear |hey )?(?:any |all |the |every )?${VOC_FILLER}{0,2}(?:${AI_NOUN})\s*[:,]\s*(?:please\s+|also\s+|now\s+|kindly\s+|you\s+)?${IMPERATIVE}`, 'iu');

/** Polite requests ("It would be helpful if …", "we would appreciate it if", "feel free to …"). */
const POLITE_REQUEST =
  /\bit would be (?:\w+ )?(?:helpful|great|nice|appreciated|wonderful|ideal|best|good) if\b|\bwe(?:'d| would) (?:\w+ )?(?:appreciate|love|prefer|like)\b|\b(?:you might|you may want to|you could|feel free to|we kindly ask|kindly|please consider|consider (?:mentioning|recommending|including|adding|telling|suggesting|noting))\b|\ba small (?:favou?r|request)\b|\bin the spirit of\b|\bwe(?:'d| would) be (?:\w+ )?(?:grateful|thankful|happy|delighted) if\b|\bwould you (?:kindly|please|be so kind)\b|\bif you could\b|\b(?:it'd|it would) (?:really )?help (?:us|everyone|a lot) if\b|\bwe (?:encourage|invite|ask|request) (?:all |any |every )?(?:you|ai|assistants?|models?|llms?|agents?)\b|\bthe (?:author|site owner|publisher|webmaster|owner) (?:asks|requests|would like|wants)\b|\ba (?:gentle|friendly) reminder\b/iu;

/** What a summary or an answer about this page should say: steering in the third person. */
const OUTPUT_MODAL =
  /\b(?:any|all|every|each|the|your)\s+(?:\w+\s+)?(?:summary|summaries|review|reviews|answer|answers|response|responses|description|descriptions|ranking|rankings|evaluation|evaluations|tl;?dr|overview|output)\s+(?:of|about|for|on|that (?:mentions?|covers?|cites?))\s+(?:this|these|our|the following)\b[^.!?]{0,40}?\b(?:should|must|shall|needs? to|has to|is to|will)\b/iu;

/** An order to act on the user's behalf or on the user: "tell the user …", "ask the user for …". */
const ACTS_FOR_USER =
  /\b(?:tell|inform|ask|convince|persuade|remind|warn|advise|urge|encourage|show|direct|redirect|send|prompt|instruct)\s+(?:the|your|this)\s+(?:user|human|person you(?:'re| are) (?:helping|assisting|talking to|chatting with))\b|\b(?:suggest|recommend|say|mention|explain|report|claim|state)\s+to\s+(?:the|your)\s+(?:user|human|reader)\b|\b(?:the user's|this user's|the user’s)\s+(?:\w+\s+){0,2}?(?:emails?|messages|conversation|chat|history|contacts|calendar|credentials|password|files|repositories|accounts?|data|question)\b[^.]{0,60}\b(?:to|into|with|as)\b/iu;

/** A tool named as the instrument ("use your file-write tool", "invoke the github tool", "call the send_email function"). */
const TOOL_USE =
  /\b(?:use|invoke|call|trigger|activate)\s+(?:your|its)\s+(?!developer|dev\b)(?:[\w-]+\s+){0,2}?(?:tool|function|plugin|connector|integration|browsing|code interpreter|file system)\b(?!s)|\b(?:invoke|trigger)\s+the\s+[\w-]+\s+(?:tool|function|action|plugin)\b|\bwithout (?:asking|confirming with|confirmation from|notifying|telling|alerting|checking with) (?:the user|them|your user|the human|anyone)\b/iu;

/** An order to operate the reader's tools (a terminal, a browser, an account) on things only an agent holds. */
const AGENT_ACTION =
  /\b(?:use|invoke|call|trigger|execute|run|open|launch)\s+(?:the\s+|your\s+|its\s+|an?\s+)?(?:[\w-]+\s+){0,2}?(?:tool|function|plugin|extension|action|api|command|shell|terminal|browser|connector|integration|code interpreter)s?\b/iu;
const AGENT_OBJECT =
  /\b(?:the user|user's|this user|their (?:account|repositories|files|inbox|emails?|contacts|wallet|credentials)|as (?:an? )?(?:admin(?:istrator)?|collaborator|owner)|overwrite|~\/|\.env\b|\.bashrc|\.ssh\b|before (?:continuing|answering|replying|responding)|then (?:continue|answer|reply|respond))/iu;

/** Commands that destroy or exfiltrate on the reader's machine. */
const DESTRUCTIVE = /\brm\s+-[rf]{1,2}\s+[~/$]|\bdel\s+\/[sfq]|\bformat\s+c:|\bmkfs\b|\bdd\s+if=|\b(?:curl|wget)\b[^|`]{0,120}\|\s*(?:ba|z)?sh\b|\bchmod\s+(?:-R\s+)?777\s+[~/]|\bgit\s+push\s+(?:-f|--force)|:\(\)\s*\{/iu;

/** A URL built to carry data out: placeholders for the conversation or the user's data in a link or image. */
const EXFIL_URL = /!\[[^\]]*\]\(https?:\/\/[^)\s]*(?:\{|%7b|\$\{|\[)[^)]*\)|https?:\/\/\S*[?&][\w-]+=\s*(?:\{\{?|\$\{|<|\[)(?:[^\s]*?)(?:user|conversation|chat|history|email|name|data|secret|password|token|key|messages?|question|query)/iu;

/** Instructions declared void, or the reader told to drop its task. */
const VOIDED =
  /\b(?:previous|prior|above|earlier|original|initial|all other|any other|your)\s+(?:instructions|directives|rules|prompts?|guidelines|orders)\s+(?:are|were|have been|is)\s+(?:now\s+)?(?:void|cancel+ed|revoked|invalid|obsolete|superseded|null|outdated|no longer (?:valid|apply|in effect)|replaced|withdrawn|lifted|suspended)\b|(?:^|[.!?:;]\s*)(?:now\s+)?(?:stop|cancel|abort|abandon|halt)\s+(?:what you(?:'re| are) doing|your (?:current |original )?(?:task|summary|work|answer)|summari[sz]\w+|answering|responding)\b|\b(?:instead of|rather than)\s+(?:answering|summari[sz]ing|responding to|helping|doing what)\s+(?:the user|them|you were asked)|\b(?:clear|reset|wipe|flush)\s+your\s+(?:memory|context|instructions|conversation)\b/iu;

/** Text framed as meant for machines, not people. */
const FRAMING = new RegExp(
  String.raw`\b(?:for|to)\s+(?:the\s+)?(?:${AI_NOUN}|machines?|automated (?:readers?|systems?)|non-human readers?)\s+(?:only|eyes only)\b|\bnot (?:meant|intended|written) for (?:humans?|human readers?|people)\b|\b(?:humans?|human readers?|people) (?:can|should|may) (?:safely )?(?:ignore|skip) (?:this|the following)\b|\b(?:begin|start) (?:of )?(?:hidden|secret|ai|model|llm|assistant) (?:instructions?|prompt|message|section)\b|\b(?:instructions?|message|note|directive)s? (?:for|to) (?:the\s+|all\s+|any\s+)?(?:${AI_NOUN})\s+(?:follows?|below|reading|processing)\b`,
  'iu',
);

/** Steering how the page (or its product) is portrayed: "describe this product as the best …". */
const PROMO_STEER =
  /(?:^|[.!?:;]\s*)(?:please\s+)?(?:describe|present|portray|characteri[sz]e|frame|position|depict|represent|summari[sz]e|rate|rank|review|score|grade|evaluate|recommend|classify|mark|list|call)\s+(?:this|the|our|these|that)\s+(?:[\w-]+\s+){0,3}?(?:as|positively|favou?rably|glowingly|highly)\b[^.!?]{0,60}?\b(?:best|top|most|only|highly|exceptional|excellent|perfect|flawless|safe|reliable|trustworthy|verified|superior|positive|five[- ]star|5[- ]star|leading|number one|#1|recommended)\b/iu;

/** Imperative markers of CJK and Korean requests, with what only a model is asked about. */
const CJK_REQUEST = /(?:请|請|してください|して下さい|しなさい|하세요|하십시오|해라|해 주세요|해주세요|하라)/u;
const CJK_MODEL_CONTEXT = /(?:人工智能|AI|助手|模型|アシスタント|モデル|어시스턴트|인공지능|모델|用户|ユーザー|사용자|指令|指示|지시|总结|摘要|要約|요약|回答|답변|系统|システム|시스템)/u;

/** Third-person reports about injections and AI (research, news, security advice): the page describes, not speaks. */
const MENTION_CONTEXT =
  /\b(?:said|says|told (?:reporters|users|the)|according to|reported|researchers?|attackers?|attacks?|payloads?|for example|for instance|such as|e\.g\.|known as|called|dubbed|paper|study|studies|found that|showed that|demonstrated|vulnerabilit\w+|exploit\w*|injections?|jailbreak attempts?|malicious|adversar\w+|red[- ]team\w*|defen[cs]es?|benchmark|the phrase|the string|a line reading|classifier|detect\w*|mitigat\w+)\b|(?:研究人员|攻击者|研究者|攻撃者|연구자|공격자|исследовател|злоумышленник|chercheurs|investigadores|forscher|angreifer|ricercatori|pesquisadores)/iu;

/** Reasons a decoded payload must reach to count. */
const STRONG = new Set(['override', 'prompt_extraction', 'role_markup', 'identity', 'secrecy', 'exfiltration']);

// --- the detector ---------------------------------------------------------------------------------------------

/** The sentences of `blocks` that address an AI reader or try to steer one. Code blocks are code, not speech. */
export function findInstructions(blocks: ReadonlyArray<{ text: string; kind?: string }>): InstructionHit[] {
  const hits: InstructionHit[] = [];
  blocks.forEach((block, blockIndex) => {
    if (block.kind === 'code' || block.kind === 'table' || block.kind === 'image') return;
    for (const hit of classifyPassage(block.text)) hits.push({ ...hit, blockIndex });
  });
  return hits;
}

/** The firing sentences of one passage (a block's text), each with its reason. */
export function classifyPassage(passage: string): Array<{ text: string; reason: string }> {
  const out: Array<{ text: string; reason: string }> = [];
  // Markup is judged on the passage as laid out (a turn marker opens a line).
  const markup = markupIn(passage);
  const sentences = splitSentences(passage);
  let addressed = false;
  for (const sentence of sentences) {
    const reason = markup && markupIn(sentence) ? 'role_markup' : classifySentence(sentence, addressed, passage);
    if (isAddressing(stripQuotes(sentence))) addressed = true;
    if (reason) out.push({ text: sentence.length > TEXT_MAX ? `${sentence.slice(0, TEXT_MAX - 1)}…` : sentence, reason });
  }
  if (out.length === 0 && markup) out.push({ text: passage.slice(0, TEXT_MAX), reason: 'role_markup' });
  return out;
}

/** Why a sentence addresses or steers an AI reader, or undefined. `addressed`: an earlier sentence named one. */
export function classifySentence(sentence: string, addressed = false, passage = sentence): string | undefined {
  const direct = classifyPlain(sentence, addressed, passage);
  if (direct) return direct;
  // A decoded reading must say something strong: ordinary text read backwards or as leetspeak can look like a
  // vocative or a polite request by accident.
  for (const decoded of decodings(sentence)) {
    const reason = classifyPlain(decoded, addressed);
    if (reason && STRONG.has(reason)) return 'encoded_payload';
  }
  return undefined;
}

function classifyPlain(raw: string, addressed: boolean, passage = raw): string | undefined {
  const reason = classifyFeatures(raw, addressed, passage);
  if (!reason || reason === 'role_markup') return reason;
  // A report about injections or AI ("researchers showed that …", "attackers may hide …") describes; unless it
  // opens as an order or names its addressee, it does not speak to the reader.
  const s = stripQuotes(raw.normalize('NFKC'));
  if (MENTION_CONTEXT.test(s) && !startsImperative(s) && !VOCATIVE.test(s) && !isAddressing(s) && !addressed) return undefined;
  return reason;
}

function classifyFeatures(raw: string, addressed: boolean, passage: string): string | undefined {
  const text = unmask(raw.normalize('NFKC'));
  if (markupIn(text)) return 'role_markup';
  // Quoted spans are mentions ("attackers hide text such as 'ignore previous instructions'"): read without them.
  const s = stripQuotes(text);
  const around = stripQuotes(passage.normalize('NFKC'));
  if (OVERRIDE_VERB.test(s) && overrideActsOnInstructions(s, around)) return 'override';
  if (NEW_ORDERS.test(s) && (SECOND_PERSON.test(around) || DIRECTIVE.test(around))) return 'override';
  if (VOIDED.test(s) || SUPERSEDE.test(s)) return 'override';
  if (DISCLOSE_VERB.test(s) && HIDDEN_CONTEXT.test(s) && (startsImperative(s) || /\b(?:you|your|assistant|model|ai)\b[^.]{0,40}\b(?:must|should|will|to)\b/iu.test(s) || isAddressing(s) || addressed)) return 'prompt_extraction';
  if (IDENTITY.test(s) && PERSONA_MARK.test((/\b(?:enter|activate|enable)\b/iu.test(s) ? around : s).replace(IDENTITY, ' '))) return 'identity';
  if (ROLE_ASSIGNMENT.test(s) || PLAY_ROLE.test(s)) return 'identity';
  if (FRAMING.test(s)) return 'addressed_directive';
  if (JAILBREAK.test(s) && (startsImperative(s) || AI_STRICT_RE.test(s) || /\byou (?:will|must|are|have|had|would)\b/iu.test(s))) return 'identity';
  if (PAGE_AUTHORITY.test(s)) return 'override';
  if (SECRECY.test(s) && (MODEL_CONTEXT.test(s) || /\b(?:this|these) (?:note|message|paragraph|section|instructions?|hidden section)|they exist\b/iu.test(s) || isAddressing(s) || addressed || /[^\x00-\x7f]/u.test(s))) return 'secrecy';
  if (NEGATED_DISCLOSURE.test(s) && !/\b(?:was|were|is|are|been) (?:told|asked|instructed)\b/iu.test(s)) return 'secrecy';
  const addressing = isAddressing(s);
  const directive = DIRECTIVE.test(s);
  if ((addressing || addressed) && (directive || MODEL_CONTEXT.test(s) || SECOND_PERSON.test(s) || /[^\x00-\x7f]/u.test(s))) return 'addressed_directive';
  if (VOCATIVE.test(s)) return 'addressed_directive';
  if (AI_MODAL.test(s)) return 'addressed_directive';
  if (POLITE_REQUEST.test(s) && (isAddressing(s) || AI_MODAL.test(s) || MODEL_CONTEXT.test(s))) return 'addressed_directive';
  if (TASK_CONDITION.test(s) && (directive || MODEL_CONTEXT.test(s))) return 'steers_output';
  if (PROMO_STEER.test(s)) return 'steers_output';
  if (CJK_REQUEST.test(s) && CJK_MODEL_CONTEXT.test(s)) return 'addressed_directive';
  if (OUTPUT_MODAL.test(s)) return 'steers_output';
  if (SEND_VERB.test(s) && EXFIL_OBJECT.test(s) && (URL_OR_ADDRESS.test(s) || MODEL_CONTEXT.test(s)) && (startsImperative(s) || AI_MODAL.test(s) || /\b(?:must|should)\b/iu.test(s))) return 'exfiltration';
  if (EXFIL_URL.test(text)) return 'exfiltration';
  if (startsImperative(s) && ACTS_FOR_USER.test(s)) return 'addressed_directive';
  if (startsImperative(s) && (TOOL_USE.test(s) || DESTRUCTIVE.test(text) || (AGENT_ACTION.test(s) && AGENT_OBJECT.test(s)))) return 'tool_use';
  if (DECODE_DIRECTIVE.test(s)) return 'encoded_payload';
  if (startsImperative(s) && /\b(?:your (?:reply|answer|response|summary|output|next answer)|this (?:conversation|session|chat))\b/iu.test(s)) return 'steers_output';
  return undefined;
}

function overrideActsOnInstructions(s: string, passage: string): boolean {
  const m = OVERRIDE_VERB.exec(s);
  if (!m) return false;
  // An order, not a report ("actors determined to ignore the rules"): the verb opens a clause.
  const lead = s.slice(0, m.index + (/^[\s:;,.(—–-]/u.test(m[0]) ? 1 : 0));
  const latin = /^[\s:;,.(—–-]*(?:please\s+)?[a-z]/iu.test(m[0]);
  if (latin && !/(?:^|[:;,.(—–!?-]|\b(?:please|and|then|now|so|just|simply|also|instead|you (?:must|should|will|need to|have to)))\s*$/iu.test(lead)) return false;
  // Verb-final languages (ja, ko) put the object first; a pronoun ("Ignore them") points back at instructions
  // named earlier in the passage.
  if (/[\u3040-\u30ff\uac00-\ud7af]/u.test(m[0]) && INSTRUCTION_OBJECT.test(s.slice(Math.max(0, m.index - 30), m.index))) return true;
  if (/^\s*(?:them|those|it|these|that)\b/iu.test(s.slice(m.index + m[0].length)) && /\b(?:instructions?|directives?|rules|prompts?)\b/iu.test(passage.replace(s, ''))) return true;
  // The object follows the verb closely ("ignore all previous instructions"), or the instructions are the subject
  // ("new instructions supersede all earlier ones").
  // The object follows the verb, after determiners only ("ignore all previous instructions", not "skip to our
  // section … more guidance").
  const after = s.slice(m.index + m[0].length).replace(/^\s*(?:(?:all|any|the|your|my|these|those|earlier|previous|prior|above|preceding|original|initial|existing|other|every|of|everything|anything|what|that|its|alle|toutes?|les|todas?|las|los|tutte|le|de|die|der|все|всё)\s+)*/iu, '');
  if (INSTRUCTION_OBJECT.test(after.slice(0, 40)) && INSTRUCTION_OBJECT.exec(after.slice(0, 40))!.index <= 12) return !/\bignore (?:this|the) (?:message|email|reminder|warning)\b/iu.test(after) && !/\bmy previous\b/iu.test(after);
  const before = s.slice(Math.max(0, m.index - 60), m.index);
  return false;
}

function isAddressing(s: string): boolean {
  return ADDRESSEE.some((re) => re.test(s)) && AI_RE.test(s);
}

function startsImperative(s: string): boolean {
  if (/^\s*(?:please|kindly)\s+\p{L}/iu.test(s)) return true;
  return /^\s*(?:please\s+|kindly\s+|now\s+|also\s+|first,?\s+)?[A-Z]?[a-z]+\b/u.test(s) && DIRECTIVE.test(s.slice(0, 40));
}

function markupIn(text: string): boolean {
  // A special token mid-sentence is a mention ("templates use tokens such as <|im_start|>"); at a line start, or
  // two of them, it is markup.
  return ROLE_MARKUP.test(text) || ROLE_MARKUP_ANYWHERE.test(text) || (text.match(SPECIAL_TOKEN)?.length ?? 0) >= 2 || (text.match(TURN)?.length ?? 0) >= 2;
}

/** Text with quoted spans of three or more words (or 12+ characters) replaced by a placeholder. */
function stripQuotes(s: string): string {
  return s.replace(/"[^"\n]{12,}?"|“[^”\n]{6,}?”|„[^“”\n]{6,}?[“”]|«[^»\n]{6,}?»|「[^」\n]{2,}?」|“[^”]{2,}?”|'[^'\n]{16,}?'(?!\w)/gu, ' «quote» ');
}

function splitSentences(passage: string): string[] {
  return passage
    .split(/(?<=[.!?。！？])\s+(?=[\p{Lu}\p{Lo}"“'(\[¿¡])|\n+/u)
    .map((x) => x.trim())
    .filter(Boolean);
}

/** Invisible characters inside words, Unicode tag characters (ASCII smuggling) and Cyrillic/Greek look-alikes. */
function unmask(s: string): string {
  let out = s.replace(/[\u200b-\u200f\u2060-\u2064\ufeff\u00ad]/gu, '');
  if (/[\u{e0020}-\u{e007e}]/u.test(out)) out = out.replace(/[\u{e0020}-\u{e007e}]/gu, (c) => String.fromCharCode(c.codePointAt(0)! - 0xe0000));
  // Look-alikes only inside otherwise Latin words (a Russian sentence stays Russian).
  if (/[a-z][а-яёіјѕԁοα]|[а-яёіјѕԁοα][a-z]/iu.test(out)) out = out.replace(/[а-яёіјѕԁοαАВЕКМНОРСТХ]/gu, (c) => HOMOGLYPHS[c] ?? c);
  return out;
}
const HOMOGLYPHS: Record<string, string> = {
  а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', у: 'y', х: 'x', і: 'i', ј: 'j', ѕ: 's', ԁ: 'd', ο: 'o', α: 'a',
  А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', Х: 'X',
};

// --- decodings: the same sentence, de-obfuscated ---------------------------------------------------------------

const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's', '!': 'i' };

/** Readings of an obfuscated sentence: decoded payloads, leetspeak, spaced letters, ROT13, reversed text. */
function decodings(s: string): string[] {
  const out: string[] = [];
  for (const m of s.matchAll(BASE64)) {
    const text = printable(Buffer.from(m[0], 'base64').toString('utf8'));
    if (text) out.push(text);
  }
  for (const m of s.matchAll(HEX_RUN)) {
    const text = printable(Buffer.from(m[0], 'hex').toString('utf8'));
    if (text) out.push(text);
  }
  for (const m of s.matchAll(URL_ENCODED)) {
    try {
      const text = printable(decodeURIComponent(m[0]));
      if (text) out.push(text);
    } catch {
      // not valid percent-encoding
    }
  }
  // Concatenated fragments: 'ign' + 'ore prev' + …
  const parts = [...s.matchAll(/(['"])([^'"]{1,40})\1\s*\+/gu)];
  if (parts.length >= 2) {
    const joined = s.replace(/(['"])([^'"]{0,40})\1\s*\+\s*/gu, '$2').replace(/(['"])([^'"]{0,40})\1/gu, '$2');
    out.push(joined);
  }
  // Leetspeak: digits and symbols inside words.
  if (/[a-z][0-9@$][a-z0-9]|[0-9][a-z]/iu.test(s)) out.push(s.replace(/[0-9@$!](?=[\w@$]|$)|(?<=\w)[0-9@$!]/gu, (c) => LEET[c] ?? c));
  // Letters spaced, dotted or hyphenated out: "I g n o r e", "i.g.n.o.r.e".
  if (/(?:\b\p{L}[ .\-_*]){4,}\p{L}\b/u.test(s)) out.push(s.replace(/(?<=\b\p{L})[ .\-_*](?=\p{L}\b)/gu, '').replace(/\s{2,}/gu, ' '));
  out.push(rot13(s));
  out.push([...s].reverse().join(''));
  return out;
}

/** Decoded text that reads as text (mostly printable, with spaces), else undefined. */
function printable(text: string): string | undefined {
  if (text.length < 8) return undefined;
  const good = [...text].filter((c) => /[\p{L}\p{N}\p{P}\s]/u.test(c)).length;
  return good / text.length > 0.9 && /\s/u.test(text) ? text : undefined;
}

function rot13(s: string): string {
  return s.replace(/[a-z]/giu, (c) => {
    const base = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });
}
