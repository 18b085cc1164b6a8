// Rows for telling a discussion thread from an article with comments by the page's structure (forum.ts threadShape).
import { rule } from './index.ts';

export const THREAD_MIN_POSTS = rule({
  id: 'thread.min-posts',
  reason: 'A thread shows a run of same-shaped post blocks; two blocks are a question and one answer at best, or an author box and a caption.',
  appliesTo: 'all',
  value: 3,
  example: 'three <div class="post"> siblings, each with a profile link, a <time> and a paragraph',
  counterExample: 'an article followed by one author box and one related-story card',
});

export const POST_MIN_CHARS = rule({
  id: 'thread.post-min-chars',
  reason: 'A post says something outside its links; a card of a linked title and a date does not.',
  appliesTo: 'all',
  value: 20,
  example: '"raoul · May 3 · This is part of the log, I hope it is sufficient"',
  counterExample: '"[Next story headline](…) · May 3"',
});

export const THREAD_MIN_TEXT = rule({
  id: 'thread.min-text',
  reason: 'A thread worth the name holds a few exchanges; a strip of three short dated blurbs is a widget.',
  appliesTo: 'all',
  value: 1000,
  example: 'a question and four replies of a few sentences each (≈ 2,500 characters)',
  counterExample: 'three "Recent comments" blurbs of 150 characters in a sidebar',
});

export const THREAD_OPENING_MAX = rule({
  id: 'thread.opening-max',
  reason:
    'Before a thread’s posts there is at most a short opening (a link aggregator’s story line, a board’s rules); an article’s comment section follows an article body of thousands of characters.',
  appliesTo: 'all',
  value: 1000,
  example: 'lobste.rs-style story link with a 600-character summary, then 4 comment blocks',
  counterExample: 'a 3,000-character blog post, then 53 WordPress comments',
});

export const THREAD_OUTSIDE_SHARE = rule({
  id: 'thread.outside-share',
  reason: 'When the chosen content leaves this share of a thread’s post text outside it, it took one post or one reply branch for the whole thread.',
  appliesTo: ['forum'],
  value: 0.5,
  example: 'root = the opening post’s <article>; 12 replies sit in sibling <article>s',
  counterExample: 'root = the thread container; only the sidebar’s "latest posts" lie outside',
});

export const THREAD_MIN_SHARE = rule({
  id: 'thread.min-share',
  reason: 'A thread’s posts are most of what the page says outside its links; a list or a shop page with a few dated remarks under it is not a thread.',
  appliesTo: 'all',
  value: 0.5,
  example: 'a board page whose posts hold 80 % of its non-link text',
  counterExample: 'a book list of 100 rated titles with 40 reader comments under it (43 %)',
});
