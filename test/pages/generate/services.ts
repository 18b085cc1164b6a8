// Service pages: SaaS landing and pricing pages, local businesses, an agency, a dental practice, a bakery, a law
// firm, a hosting provider and a gym. The main content is what the page says about the service — headline,
// sections, feature and plan lists, prices, opening hours, FAQ answers. Logo bars, CTA banners repeated between
// sections, cookie banners, chat widgets, menus and footers are chrome.
//
// Feature lists written as `- **Name** — text` become card grids in the HTML, as site builders render them;
// expected.md keeps them as the list.
import { BASE_CSS, cookieBanner, footer, jsonLd, scripts, styleBlock, topBar, simpleNav, type Lang, type Scheme } from './chrome.ts';
import { doc, esc, hashed, parseBlocks, renderBlocks, seeded, type Block, type PageSpec, type Theme } from './lib.ts';

interface Service {
  id: string;
  lang: Lang;
  site: string;
  title: string;
  body: string;
  nav: string[];
}

type Builder = 'tailwind' | 'elementor' | 'wix' | 'squarespace' | 'webflow' | 'bem' | 'hashed';

const expectedOf = (s: Service): string => `# ${s.title}\n\n${s.body.trim()}\n`;

const CARD = /^\*\*(.+?)\*\*\s*[—–-]\s*(.+)$/;

/** Splits the body into sections at each `##` heading, so each builder can wrap a section its own way. */
function sections(md: string): Block[][] {
  const out: Block[][] = [[]];
  for (const b of parseBlocks(md)) {
    if (b.kind === 'heading' && b.level === 2) out.push([]);
    out[out.length - 1].push(b);
  }
  return out.filter((s) => s.length);
}

function cardTheme(wrap: (cards: string) => string, card: (title: string, text: string) => string, base: Theme): Theme {
  return {
    ...base,
    list: (ordered, items) => {
      const raw = items.map((x) => x.replace(/<\/?strong>/g, (m) => (m === '<strong>' ? '**' : '**')));
      if (!ordered && raw.every((x) => CARD.test(x))) {
        return wrap(
          raw
            .map((x) => {
              const m = x.match(CARD)!;
              return card(m[1], m[2]);
            })
            .join(''),
        );
      }
      return base.list ? base.list(ordered, items) : `<${ordered ? 'ol' : 'ul'}>${items.map((x) => `<li>${x}</li>`).join('')}</${ordered ? 'ol' : 'ul'}>`;
    },
  };
}

const CHROME_TEXT: Record<Lang, { cta: string; ctaText: string; trusted: string; chat: string }> = {
  en: { cta: 'Get started today', ctaText: 'Book a free consultation — no obligation.', trusted: 'Trusted by teams at', chat: 'Hi! Questions? We usually reply in a few minutes.' },
  de: { cta: 'Jetzt Termin vereinbaren', ctaText: 'Rufen Sie uns an oder buchen Sie online.', trusted: 'Bekannt aus', chat: 'Hallo! Haben Sie Fragen? Schreiben Sie uns.' },
  fr: { cta: 'Commander maintenant', ctaText: 'Réservez votre créneau de retrait en ligne.', trusted: 'Ils nous font confiance', chat: 'Bonjour ! Une question ? Écrivez-nous.' },
  es: { cta: 'Solicite una consulta', ctaText: 'Primera consulta gratuita y sin compromiso.', trusted: 'Han confiado en nosotros', chat: '¡Hola! ¿Tiene alguna pregunta?' },
};

function servicePage(s: Service, builder: Builder, seed: number): string {
  const r = seeded(seed);
  const t = CHROME_TEXT[s.lang];
  const secs = sections(s.body);
  let html = '';
  const logos = `<div class="logos" aria-label="${t.trusted}"><p>${t.trusted}</p>${['Northwind', 'Contoso', 'Fabrikam', 'Globex', 'Initech', 'Umbrella'].map((x) => `<img src="/logos/${x.toLowerCase()}.svg" alt="${x}" width="120" height="32">`).join('')}</div>`;
  const cta = (sc: Scheme): string => `<div${sc === 'bare' ? '' : ' class="cta-banner"'}><h2>${t.cta}</h2><p>${t.ctaText}</p><a href="/contact" class="button">${t.cta}</a></div>`;
  switch (builder) {
    case 'tailwind': {
      const theme = cardTheme(
        (cards) => `<div class="mt-10 grid grid-cols-1 gap-8 md:grid-cols-3">${cards}</div>`,
        (h, x) => `<div class="rounded-2xl border border-slate-200 p-6 shadow-sm"><div class="mb-4 h-10 w-10 rounded-lg bg-indigo-100"></div><h3 class="text-lg font-semibold text-slate-900">${h}</h3><p class="mt-2 text-slate-600">${x}</p></div>`,
        { cls: { p: 'mt-4 text-lg text-slate-600', h2: 'text-3xl font-bold tracking-tight text-slate-900', h3: 'mt-8 text-xl font-semibold', ul: 'mt-6 space-y-2', table: 'mt-8 w-full text-left text-sm' } },
      );
      html = secs.map((sec, i) => `<section class="${i === 0 ? 'pb-16' : 'py-20 ' + (i % 2 ? 'bg-slate-50' : 'bg-white')}"><div class="mx-auto max-w-6xl px-6">${renderBlocks(sec, theme)}</div></section>${i === 1 ? logos : ''}${i === 2 ? cta('utility') : ''}`).join('\n');
      html = `<section class="bg-gradient-to-b from-indigo-50 to-white pt-24"><div class="mx-auto max-w-6xl px-6 text-center"><h1 class="text-5xl font-extrabold tracking-tight text-slate-900">${esc(s.title)}</h1><div class="mt-8 flex justify-center gap-4"><a href="/signup" class="rounded-lg bg-indigo-600 px-5 py-3 font-semibold text-white">Start free trial</a><a href="/demo" class="rounded-lg border px-5 py-3 font-semibold">Book a demo</a></div></div></section>\n${html}`;
      break;
    }
    case 'elementor': {
      const w = (kind: string, inner: string): string => `<div class="elementor-element elementor-element-${Math.floor(r() * 1e7).toString(16)} elementor-widget elementor-widget-${kind}" data-element_type="widget" data-widget_type="${kind}.default"><div class="elementor-widget-container">${inner}</div></div>`;
      const theme = cardTheme(
        (cards) => `<div class="elementor-container elementor-column-gap-default">${cards}</div>`,
        (h, x) => `<div class="elementor-column elementor-col-33 elementor-top-column elementor-element" data-element_type="column"><div class="elementor-widget-wrap elementor-element-populated">${w('icon-box', `<div class="elementor-icon-box-wrapper"><div class="elementor-icon-box-icon"><span class="elementor-icon elementor-animation-"><i aria-hidden="true" class="fas fa-wrench"></i></span></div><div class="elementor-icon-box-content"><h3 class="elementor-icon-box-title"><span>${h}</span></h3><p class="elementor-icon-box-description">${x}</p></div></div>`)}</div></div>`,
        {
          heading: (l, h) => w('heading', `<h${l} class="elementor-heading-title elementor-size-default">${h}</h${l}>`),
          p: (h) => w('text-editor', `<p>${h}</p>`),
          list: (o, items) => w('icon-list', `<ul class="elementor-icon-list-items">${items.map((x) => `<li class="elementor-icon-list-item"><span class="elementor-icon-list-icon"><i aria-hidden="true" class="fas fa-check"></i></span><span class="elementor-icon-list-text">${x}</span></li>`).join('')}</ul>`).replace('<ul', o ? '<ul data-ordered="1"' : '<ul'),
        },
      );
      html = secs.map((sec) => `<section class="elementor-section elementor-top-section elementor-element elementor-section-boxed elementor-section-height-default" data-element_type="section"><div class="elementor-container elementor-column-gap-default"><div class="elementor-column elementor-col-100 elementor-top-column elementor-element" data-element_type="column"><div class="elementor-widget-wrap elementor-element-populated">${renderBlocks(sec, theme)}</div></div></div></section>`).join('\n');
      html = `<div data-elementor-type="wp-page" data-elementor-id="12" class="elementor elementor-12"><section class="elementor-section elementor-top-section elementor-section-full_width hero"><div class="elementor-container"><div class="elementor-widget-wrap">${w('heading', `<h1 class="elementor-heading-title elementor-size-xl">${esc(s.title)}</h1>`)}${w('button', `<div class="elementor-button-wrapper"><a href="tel:+441632960123" class="elementor-button elementor-button-link elementor-size-lg"><span class="elementor-button-content-wrapper"><span class="elementor-button-text">Call 01632 960123</span></span></a></div>`)}</div></div></section>\n${html}\n${cta('bem')}</div>`;
      break;
    }
    case 'wix': {
      const rich = (inner: string): string => `<div id="comp-${Math.floor(r() * 1e9).toString(36)}" class="KcpHeO tz5f0K comp-${Math.floor(r() * 1e6).toString(36)} wixui-rich-text" data-testid="richTextElement">${inner}</div>`;
      const theme = cardTheme(
        (cards) => `<div class="comp-repeater wixui-repeater" data-testid="repeater">${cards}</div>`,
        (h, x) => `<div class="wixui-repeater__item" data-testid="repeater-item">${rich(`<h3 class="font_5 wixui-rich-text__text">${h}</h3>`)}${rich(`<p class="font_8 wixui-rich-text__text">${x}</p>`)}</div>`,
        {
          heading: (l, h) => rich(`<h${l} class="font_${l + 1} wixui-rich-text__text"><span class="wixui-rich-text__text">${h}</span></h${l}>`),
          p: (h) => rich(`<p class="font_8 wixui-rich-text__text"><span style="letter-spacing:normal;" class="wixui-rich-text__text">${h}</span></p>`),
          list: (o, items) => rich(`<${o ? 'ol' : 'ul'} class="font_8 wixui-rich-text__text">${items.map((x) => `<li class="wixui-rich-text__text"><p class="font_8 wixui-rich-text__text">${x}</p></li>`).join('')}</${o ? 'ol' : 'ul'}>`),
          table: (hd, rows) => rich(`<table class="wixui-table"><tbody>${[hd, ...rows].map((row) => `<tr>${row.map((x) => `<td><p class="font_8">${x}</p></td>`).join('')}</tr>`).join('')}</tbody></table>`),
        },
      );
      html = secs.map((sec) => `<section id="comp-${Math.floor(r() * 1e9).toString(36)}" class="xuzjBY wixui-section" tabindex="-1"><div data-testid="columns" class="V5AUxf"><div data-testid="column" class="comp-col wixui-column-strip__column"><div data-mesh-id="mesh-inlineContent" data-testid="inline-content" class="">${renderBlocks(sec, theme)}</div></div></div></section>`).join('\n');
      html = `<div id="SITE_CONTAINER"><div id="main_MF" class="main_MF"><div id="SCROLL_TO_TOP" class="Vd6aQZ ignore-focus SCROLL_TO_TOP" role="region" tabindex="-1" aria-label="top of page"></div><main id="PAGES_CONTAINER" tabindex="-1" data-main-content="true"><div id="SITE_PAGES"><div class="PAGE"><section class="wixui-section hero">${rich(`<h1 class="font_0 wixui-rich-text__text">${esc(s.title)}</h1>`)}</section>\n${html}</div></div></main></div></div>`;
      break;
    }
    case 'squarespace': {
      const blk = (kind: string, inner: string): string => `<div class="sqs-block ${kind}-block sqs-block-${kind}" data-block-type="${kind === 'html' ? 2 : 44}" id="block-${Math.floor(r() * 1e12).toString(36)}"><div class="sqs-block-content">${inner}</div></div>`;
      const theme = cardTheme(
        (cards) => `<div class="user-items-list"><ul class="user-items-list-simple">${cards}</ul></div>`,
        (h, x) => `<li class="list-item" data-is-card-enabled="true"><div class="list-item-content"><div class="list-item-content__text-wrapper"><h2 class="list-item-content__title">${h}</h2><div class="list-item-content__description"><p>${x}</p></div></div></div></li>`,
        {
          heading: (l, h) => blk('html', `<div class="sqs-html-content"><h${l} style="white-space:pre-wrap;">${h}</h${l}></div>`),
          p: (h) => blk('html', `<div class="sqs-html-content"><p class="" style="white-space:pre-wrap;">${h}</p></div>`),
        },
      );
      html = secs.map((sec) => `<section class="page-section layout-engine-section background-width--full-bleed section-height--medium content-width--wide horizontal-alignment--left vertical-alignment--middle" data-section-theme="light"><div class="content-wrapper"><div class="content"><div class="sqs-layout sqs-grid-12 columns-12" data-type="page-section"><div class="row sqs-row"><div class="col sqs-col-12 span-12">${renderBlocks(sec, theme)}</div></div></div></div></div></section>`).join('\n');
      html = `<main id="page" class="container" role="main"><article class="sections" id="sections" data-page-sections="x"><section class="page-section" data-section-theme="dark"><div class="content-wrapper">${blk('html', `<div class="sqs-html-content"><h1 style="white-space:pre-wrap;">${esc(s.title)}</h1></div>`)}</div></section>\n${html}</article></main>`;
      break;
    }
    case 'webflow': {
      const theme = cardTheme(
        (cards) => `<div class="w-layout-grid grid_3-col tablet-1-col gap-medium">${cards}</div>`,
        (h, x) => `<div class="card_item"><div class="icon-embed-medium w-embed"><svg viewBox="0 0 24 24"></svg></div><div class="margin-bottom margin-xsmall"><h3 class="heading-style-h5">${h}</h3></div><p class="text-size-regular">${x}</p></div>`,
        { cls: { h2: 'heading-style-h2', h3: 'heading-style-h4', p: 'text-size-medium', ul: 'list_component' } },
      );
      html = secs.map((sec, i) => `<section class="section_${i === 0 ? 'intro' : 'content'}"><div class="padding-global"><div class="container-large"><div class="padding-section-large">${renderBlocks(sec, theme)}</div></div></div></section>`).join('\n');
      html = `<div class="page-wrapper"><main class="main-wrapper"><header class="section_header"><div class="padding-global"><div class="container-large"><div class="header_component"><h1 class="heading-style-h1">${esc(s.title)}</h1><div class="button-group"><a href="/trial" class="button w-button">Free trial class</a><a href="#timetable" class="button is-secondary w-button">See timetable</a></div></div></div></div></header>\n${html}\n${cta('bem')}</main></div>`;
      break;
    }
    case 'bem':
    case 'hashed': {
      const k = (b: string, e: string): string => (builder === 'bem' ? `${b}__${e}` : hashed(b.replace(/(^|-)(\w)/g, (_, __, x: string) => x.toUpperCase()), e));
      const theme = cardTheme(
        (cards) => `<div class="${k('feature-grid', 'root')}">${cards}</div>`,
        (h, x) => `<article class="${k('feature-card', 'root')}"><h3 class="${k('feature-card', 'title')}">${h}</h3><p class="${k('feature-card', 'text')}">${x}</p></article>`,
        { quote: (h) => `<figure class="${k('testimonial', 'root')}"><blockquote class="${k('testimonial', 'quote')}"><p>${h}</p></blockquote></figure>` },
      );
      html = secs.map((sec, i) => `<section class="${k('section', i === 0 ? 'intro' : 'body')}"><div class="${k('section', 'inner')}">${renderBlocks(sec, theme)}</div></section>${i === 1 ? logos : ''}`).join('\n');
      html = `<main class="${k('page', 'main')}"><div class="${k('hero', 'root')}"><h1 class="${k('hero', 'title')}">${esc(s.title)}</h1><a class="${k('hero', 'cta')}" href="/contact">${t.cta}</a></div>\n${html}\n${cta('bem')}</main>`;
      break;
    }
  }
  const scheme: Scheme = builder === 'tailwind' ? 'utility' : builder === 'hashed' ? 'hashed' : builder === 'bem' ? 'bem' : 'bare';
  const chat = `<div id="chat-widget" class="chat-launcher" role="complementary" aria-label="Chat"><div class="chat-bubble"><p>${t.chat}</p></div><button aria-label="Open chat">💬</button></div>`;
  const body = `${cookieBanner(s.lang, scheme)}
${topBar(r, s.lang, scheme, s.site)}
${simpleNav(s.nav, scheme)}
${html}
${footer(r, s.lang, scheme, s.site, 'site')}
${chat}`;
  return doc({ lang: s.lang, title: `${s.title} | ${s.site}`, head: `${styleBlock(BASE_CSS)}${jsonLd({ '@type': 'Service', name: s.title, provider: { '@type': 'Organization', name: s.site } })}${scripts(r)}`, body });
}

const SERVICES: Array<[Service, Builder, string]> = [
  [
    {
      id: 'saas-landing-tailwind',
      lang: 'en',
      site: 'Shiftboard',
      title: 'Staff scheduling that takes minutes, not afternoons',
      nav: ['Product', 'Pricing', 'Customers', 'Resources', 'Log in'],
      body: `Shiftboard builds your rota from everyone's availability, skills and contract hours, then lets staff swap shifts from their phones without a single group chat.

## Everything a rota needs

- **Availability in one place** — Staff mark when they can and cannot work; the rota never books someone on their day off.
- **Skills and roles** — Make sure every shift has a first-aider, a key holder or a barista who can do latte art.
- **Shift swaps with approval** — Staff offer shifts to colleagues; managers approve with one tap.
- **Hours and overtime** — See contracted and worked hours side by side before you publish.
- **Time clock** — Clock in from a tablet at the door or from a phone on site, with location checks.
- **Payroll export** — Send approved hours to your payroll software as a file or through an integration.

## How it works

1. Import your team from a spreadsheet or invite them by email.
2. Set the shifts you need for a typical week.
3. Press "Fill rota" and adjust anything you do not like.
4. Publish, and everyone gets a notification with their shifts.

## Built for teams of 5 to 500

Cafés, clinics, warehouses and retail chains use Shiftboard to plan more than 2 million shifts a month. Most teams publish their first rota on the day they sign up.

> "We used to spend Sunday evenings on the rota. Now it is done on Thursday morning in twenty minutes." — Priya, operations manager at a bakery chain

## Frequently asked questions

### Is there a free trial?

Yes. Every plan has a 14-day free trial and you do not need a card to start.

### Can staff use it without a smartphone?

Yes. Staff can see their shifts in any web browser, and you can print the rota or send it by text message.`,
    },
    'tailwind',
    'a SaaS landing page in Tailwind utility classes: hero with two CTAs, feature list rendered as a three-column card grid, a logo bar and a CTA banner between sections, testimonial, FAQ, cookie banner and chat widget',
  ],
  [
    {
      id: 'saas-pricing-hashed',
      lang: 'en',
      site: 'Paperlane',
      title: 'Pricing',
      nav: ['Features', 'Pricing', 'Integrations', 'Blog', 'Sign in'],
      body: `Simple plans for teams that send documents for signature. All prices are per user per month, billed annually. Monthly billing costs 20% more.

## Plans

### Solo — $9

For freelancers who send a few contracts a month.

- 10 documents per month
- Templates and reusable fields
- Email support

### Team — $24

For small teams that share templates and need an audit trail.

- Unlimited documents
- Shared templates and team folders
- Audit trail and completion certificates
- Integrations with CRM and cloud storage

### Business — $49

For companies with approval workflows and compliance needs.

- Everything in Team
- Approval workflows and signing order
- Single sign-on (SAML)
- Data residency in the EU or US
- Priority support with a named contact

## Compare features

| Feature | Solo | Team | Business |
|---|---|---|---|
| Documents per month | 10 | Unlimited | Unlimited |
| Templates | 5 | Unlimited | Unlimited |
| Bulk send | No | Yes | Yes |
| Single sign-on | No | No | Yes |
| API access | No | Yes | Yes |

## Questions about pricing

### What counts as a document?

A document is one file sent for signature, however many people sign it. Drafts and templates do not count.

### Can I change plans later?

Yes. Upgrades take effect immediately and we credit the unused part of your current plan. Downgrades take effect at the next renewal.

### Do you offer discounts?

Registered charities and schools get 50% off any plan. Contact us with proof of status.`,
    },
    'hashed',
    'a SaaS pricing page with hashed CSS-module class names: hero, three plan tiers with prices and feature lists, a feature comparison table, pricing FAQ, logo bar, CTA banner, cookie banner and chat widget',
  ],
  [
    {
      id: 'local-plumber-elementor',
      lang: 'en',
      site: 'Brook & Sons Plumbing',
      title: 'Emergency plumbers in Harrowgate, available 24/7',
      nav: ['Home', 'Services', 'Areas we cover', 'Reviews', 'Contact'],
      body: `Burst pipe, no hot water or a leak through the ceiling? Brook & Sons have been fixing plumbing in Harrowgate and the surrounding villages since 1987. We answer the phone ourselves, day and night.

## Our services

- **Emergency call-outs** — An engineer with you within two hours, any time of day.
- **Boiler repair and servicing** — Gas Safe registered engineers for all major brands.
- **Leak detection** — Thermal cameras find hidden leaks without lifting every floorboard.
- **Bathroom installation** — From a new tap to a full wet room, fitted by our own team.

## Prices

| Job | Price |
|---|---|
| Call-out, weekdays 8am–6pm | £65 including the first 30 minutes |
| Call-out, evenings and weekends | £95 including the first 30 minutes |
| Each additional 30 minutes | £30 |
| Annual boiler service | £89 |

Parts are charged at cost. We always give you a price before we start work.

## Areas we cover

- Harrowgate and Harrowgate Hill
- Kirkby Moor, Lowfield and Stainby
- Anywhere within 15 miles of the town centre

## Opening hours

The office is open Monday to Friday, 8am to 6pm. Emergency call-outs run 24 hours a day, 365 days a year, on 01632 960123.`,
    },
    'elementor',
    'a local trade business site built with WordPress + Elementor: deeply nested elementor-section/column/widget wrappers around every heading and paragraph, icon-box service cards, icon-list lists, a tap-to-call hero button, CTA banner, cookie banner and chat widget',
  ],
  [
    {
      id: 'agency-bem',
      lang: 'en',
      site: 'Northlight Studio',
      title: 'Websites for museums, archives and the people who run them',
      nav: ['Work', 'Services', 'About', 'Journal', 'Contact'],
      body: `We are a team of nine designers and developers who build websites for cultural organisations. We have worked with forty museums, libraries and archives over twelve years, from county record offices to national collections.

## What we do

- **Collection websites** — Search and browse for catalogues of any size, connected to your collections management system.
- **Exhibition microsites** — Fast, accessible sites for temporary exhibitions, ready in six to eight weeks.
- **Accessibility audits** — Testing against WCAG 2.2 with disabled testers, and a report your team can act on.
- **Support and hosting** — Monthly retainers with security updates and a guaranteed response time.

## How we work

We start every project with two weeks of discovery: interviews with your staff and visitors, a look at your data and a workshop to agree what matters most. You get a written plan and a fixed price before any design starts.

After launch, we measure what visitors actually do and meet you three months later to decide what to improve.

## Recent work

### County Archives online catalogue

Two million records searchable for the first time, with a new system for requesting documents in the reading room. Searches per month tripled in the first year.

### The Weavers' Museum

A new website and an exhibition microsite built around oral histories from former mill workers, with transcripts for every recording.

> Northlight understood our collection better than some of our own trustees. — Director, a regional museum

## Working with us

Projects start at £18,000. We take on four new projects a year, so we usually book three to four months ahead.`,
    },
    'bem',
    'a design agency page in BEM classes: hero with CTA, service list as feature cards, process text, case studies, testimonial figure, a logo bar after the first section, CTA banner, cookie banner and chat widget',
  ],
  [
    {
      id: 'de-zahnarztpraxis',
      lang: 'de',
      site: 'Zahnarztpraxis am Stadtpark',
      title: 'Ihre Zahnarztpraxis im Herzen von Kassel',
      nav: ['Praxis', 'Leistungen', 'Team', 'Termine', 'Kontakt'],
      body: `Seit 2009 behandeln wir Patientinnen und Patienten jeden Alters – mit Zeit für Fragen und ohne lange Wartezeiten. Unsere Praxis ist barrierefrei und liegt direkt an der Straßenbahnhaltestelle Stadtpark.

## Unsere Leistungen

- **Vorsorge und Prophylaxe** — Professionelle Zahnreinigung, Kontrolle und Beratung zur Mundhygiene.
- **Füllungen und Wurzelbehandlung** — Zahnfarbene Füllungen und moderne Endodontie unter dem Mikroskop.
- **Zahnersatz** — Kronen, Brücken und Implantatversorgung in Zusammenarbeit mit einem Meisterlabor.
- **Kinderzahnheilkunde** — Spielerischer Einstieg für Kinder ab zwei Jahren.
- **Angstpatienten** — Ruhige Termine mit ausreichend Zeit, auf Wunsch mit Lachgas.

## Sprechzeiten

| Tag | Uhrzeit |
|---|---|
| Montag und Dienstag | 8:00–18:00 Uhr |
| Mittwoch | 8:00–13:00 Uhr |
| Donnerstag | 10:00–20:00 Uhr |
| Freitag | 8:00–14:00 Uhr |

## Neue Patienten

Neue Patientinnen und Patienten sind herzlich willkommen. Bitte bringen Sie zum ersten Termin Ihre Versichertenkarte und, falls vorhanden, Ihr Bonusheft mit. Termine vergeben wir telefonisch unter 0561 555 2040 oder online.

## Notfälle

Bei Schmerzen erhalten Sie bei uns noch am selben Tag einen Termin. Außerhalb der Sprechzeiten erreichen Sie den zahnärztlichen Notdienst unter der Rufnummer auf unserem Anrufbeantworter.`,
    },
    'bem',
    'a German dental practice site in BEM classes: hero with appointment CTA, services as feature cards, opening-hours table, new-patient and emergency sections, "Bekannt aus" logo bar, CTA banner, cookie banner and chat widget',
  ],
  [
    {
      id: 'fr-boulangerie-wix',
      lang: 'fr',
      site: 'Boulangerie Le Grain d’Or',
      title: 'Pains au levain, viennoiseries et gâteaux de fête',
      nav: ['Accueil', 'Nos pains', 'Commandes', 'Traiteur', 'Contact'],
      body: `Depuis 2015, nous pétrissons chaque nuit des pains au levain naturel avec des farines de meuniers de la région. Tout est fait sur place, du croissant du matin à la tarte du dimanche.

## Nos spécialités

- **Pain de campagne au levain** — Fermentation longue de dix-huit heures, croûte épaisse et mie alvéolée.
- **Viennoiseries pur beurre** — Croissants, pains au chocolat et chaussons aux pommes, tourés à la main.
- **Gâteaux de fête** — Fraisiers, entremets et pièces montées sur commande.
- **Pains spéciaux** — Seigle, petit épeautre, noix et raisins, selon les jours.

## Commandes et traiteur

Pour les anniversaires, mariages et repas d’entreprise, nous préparons des plateaux de mini-viennoiseries, des buffets salés et des gâteaux personnalisés. Merci de commander au moins 72 heures à l’avance, une semaine pour les pièces montées.

## Horaires

| Jour | Horaires |
|---|---|
| Mardi au vendredi | 6 h 30 – 19 h 30 |
| Samedi | 6 h 30 – 19 h |
| Dimanche | 7 h – 13 h |
| Lundi | Fermé |

## Nous trouver

12 rue des Tanneurs, 49100 Angers. Parking gratuit de quinze minutes devant la boutique.`,
    },
    'wix',
    'a French bakery site built with Wix: every heading and paragraph in its own richTextElement with hashed-looking class names, specialities as a repeater, hours table, sections wrapped in wixui-section/columns/inline-content, cookie banner and chat widget',
  ],
  [
    {
      id: 'es-abogados-squarespace',
      lang: 'es',
      site: 'Ortega & Salvat Abogados',
      title: 'Abogados laboralistas en Zaragoza',
      nav: ['Inicio', 'Áreas de práctica', 'Equipo', 'Honorarios', 'Contacto'],
      body: `Defendemos a trabajadores y pequeñas empresas en despidos, reclamaciones de salario y conflictos laborales desde hace más de veinte años. Le explicamos sus opciones con claridad y sin letra pequeña.

## Áreas de práctica

- **Despidos** — Revisamos la carta de despido y el finiquito, y le acompañamos a la conciliación y al juicio.
- **Reclamación de cantidades** — Horas extra, pagas atrasadas y complementos no abonados.
- **Acoso laboral** — Asesoramiento y acciones legales con la máxima confidencialidad.
- **Asesoría a pymes** — Contratos, reglamentos internos y expedientes disciplinarios.

## Honorarios

La primera consulta es gratuita y dura unos treinta minutos. Después le damos un presupuesto cerrado por escrito. En los despidos trabajamos también con una parte variable, que solo cobramos si obtenemos una indemnización.

## Cómo trabajamos

1. Nos cuenta su caso por teléfono, correo o en el despacho.
2. Estudiamos la documentación y le decimos qué posibilidades tiene.
3. Si decide seguir adelante, le asignamos un abogado responsable que le atiende de principio a fin.

## Dónde estamos

Paseo de la Independencia 21, 3.º izquierda, 50001 Zaragoza. Atendemos de lunes a viernes de 9:00 a 14:00 y de 16:30 a 19:30.`,
    },
    'squarespace',
    'a Spanish law firm site built with Squarespace: page-section / content-wrapper / sqs-layout grid wrappers, each text in its own sqs-block html-block, practice areas as a user-items-list, cookie banner and chat widget',
  ],
  [
    {
      id: 'hosting-provider-tailwind',
      lang: 'en',
      site: 'Kestrel Cloud',
      title: 'Managed PostgreSQL hosting in European data centres',
      nav: ['Products', 'Pricing', 'Docs', 'Status', 'Sign in'],
      body: `Run PostgreSQL without running servers. Kestrel Cloud handles backups, upgrades, failover and monitoring, and your data never leaves the EU.

## Why teams choose Kestrel

- **Point-in-time recovery** — Restore to any second in the last 14 days, or 35 days on larger plans.
- **Automatic failover** — A standby in a second availability zone takes over in under 30 seconds.
- **Predictable prices** — No charges for I/O or backups; you pay for the instance size only.
- **Real support** — Database engineers answer tickets, not a script.

## Plans

| Plan | vCPU | Memory | Storage | Price per month |
|---|---|---|---|---|
| Starter | 1 | 2 GB | 20 GB | €19 |
| Standard | 2 | 8 GB | 100 GB | €79 |
| Performance | 8 | 32 GB | 500 GB | €349 |

All plans include daily backups, TLS connections and PostgreSQL 15, 16 and 17.

## Frequently asked questions

### Where are the data centres?

Frankfurt, Amsterdam and Helsinki. You choose the region when you create a database and can add read replicas in the others.

### Can I migrate an existing database?

Yes. Our migration tool copies your data with logical replication while your application keeps running, and switches over when you are ready.

### Is there a free tier?

There is no free tier, but every plan comes with a 30-day trial and a full refund if you cancel in that time.`,
    },
    'tailwind',
    'a managed-hosting product page in Tailwind utility classes: hero with trial and demo buttons, reasons as a card grid, plans table, FAQ, logo bar, CTA banner, cookie banner and chat widget',
  ],
  [
    {
      id: 'gym-webflow',
      lang: 'en',
      site: 'Foundry Strength',
      title: 'Strength training for people who never thought they would lift',
      nav: ['Classes', 'Timetable', 'Membership', 'Coaches', 'Contact'],
      body: `Foundry is a small gym in a converted foundry building with one rule: nobody is too old, too new or too unfit to start. Every class is coached, with no more than eight people per coach.

## Classes

- **Foundations** — Four weeks of small-group sessions that teach the squat, hinge, press and pull from scratch.
- **Strength** — Progressive barbell training three times a week, with your numbers tracked for you.
- **Conditioning** — Thirty minutes of sled pushes, rowing and carries to build fitness without running.
- **Over 60s** — Slower-paced strength and balance work, ideal after a long break from exercise.

## Membership

| Membership | Price |
|---|---|
| Foundations course, 8 sessions | £96 |
| Two classes a week | £65 per month |
| Unlimited classes | £89 per month |
| Over 60s, two classes a week | £45 per month |

There is no joining fee and you can pause your membership for up to two months a year.

## Your first visit

Book a free trial class online. Come ten minutes early in comfortable clothes and flat shoes; we provide everything else. Your coach will ask about injuries and goals before you start.`,
    },
    'webflow',
    'a gym site built with Webflow (Client-First class naming: section_*, padding-global, container-large, heading-style-*, w-layout-grid cards), membership table, hero buttons, CTA banner, cookie banner and chat widget',
  ],
  [
    {
      id: 'accounting-firm-hashed',
      lang: 'en',
      site: 'Marlow Bookkeeping',
      title: 'Bookkeeping and tax returns for sole traders',
      nav: ['Services', 'Prices', 'About', 'Resources', 'Contact'],
      body: `We look after the numbers for more than 300 sole traders and small partnerships — electricians, therapists, photographers, market traders. You send us your receipts; we make sure the tax return is right and on time.

## What is included

- **Monthly bookkeeping** — We reconcile your bank feeds and categorise every transaction.
- **Self Assessment tax return** — Prepared, checked with you and filed before the deadline.
- **Quarterly updates** — A one-page summary of income, costs and the tax to set aside.
- **Help with letters** — Questions from the tax office answered on your behalf.

## Prices

| Package | Price |
|---|---|
| Tax return only | £195 per year |
| Bookkeeping and tax return | £45 per month |
| Bookkeeping, tax return and VAT returns | £75 per month |

## Getting started

1. Book a free twenty-minute call to tell us about your business.
2. We send a fixed quote and a short engagement letter.
3. You connect your bank account and forward receipts to your own upload address.

## Deadlines we watch for you

Online tax returns are due by 31 January each year, with payments on account due on 31 January and 31 July. We remind you four weeks before each date and tell you exactly how much to pay.`,
    },
    'hashed',
    'an accounting firm service page with hashed CSS-module class names: hero with CTA, included services as feature cards, price table, getting-started steps, deadlines, logo bar, CTA banner, cookie banner and chat widget',
  ],
];

export const pages: PageSpec[] = SERVICES.map(([s, b, reproduces], i) => ({ type: 'service', id: s.id, lang: s.lang, reproduces, html: servicePage(s, b, 90 + i), expected: expectedOf(s) }));


