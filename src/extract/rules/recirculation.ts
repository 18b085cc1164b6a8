// Rows for recirculation after an article (precision.ts block pass): card runs that follow the story.
import { rule } from './index.ts';

export const RECIRCULATION_MIN_CARDS = rule({
  id: 'recirculation.min-cards',
  reason: 'A run of linked-headline cards after the article’s last paragraph is the site’s "More from …" rail once it repeats; one "next post" card is handled by the share rule.',
  appliesTo: ['article'],
  value: 3,
  example: 'after the story: 12 × (## [Other headline](…) + one-line dek)',
  counterExample: 'after the story: one "Next post" linked heading',
});

export const RECIRCULATION_ARTICLE_MIN = rule({
  id: 'recirculation.article-min',
  reason: 'Cards after a full article are recirculation whatever their share; cards after a short intro are what an index page lists, and stay.',
  appliesTo: ['article'],
  value: 1500,
  example: 'a 4,000-character story followed by 20 cards holding 3,000 characters',
  counterExample: 'a topic hub: a 300-character intro over 20 linked post cards',
});
