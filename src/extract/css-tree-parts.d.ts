// css-tree's parser, generator and walker entry points (package exports `css-tree/parser`, `/generator`, `/walker`).
// The hidden-text stage imports these parts rather than the package root: the root also loads the lexer, whose
// property data (`data-patch.js`) is read with createRequire at run time — which a single-executable bundle cannot
// follow — and which the stage never uses. @types/css-tree declares only the root, so the parts borrow its types.
declare module 'css-tree/parser' {
  import type { parse } from 'css-tree';
  const parser: typeof parse;
  export default parser;
}
declare module 'css-tree/generator' {
  import type { generate } from 'css-tree';
  const generator: typeof generate;
  export default generator;
}
declare module 'css-tree/walker' {
  import type { walk } from 'css-tree';
  const walker: typeof walk;
  export default walker;
}
