// Rows for product pages (shop.ts spellOptionGroups).
import { rule } from './index.ts';

export const OPTION_GROUP_MIN = rule({
  id: 'product.option-group-min',
  reason: 'A select offers variants when it has at least two real options; one option (or only a placeholder) says nothing.',
  appliesTo: ['product'],
  value: 2,
  example: '<select name="size"><option value="">Select a size</option><option>S</option><option>M</option></select> → "S, M"',
  counterExample: '<select><option>One size</option></select>',
});

export const OPTION_GROUP_MAX = rule({
  id: 'product.option-group-max',
  reason: 'Past a few dozen entries a select is a country, region or quantity picker, not the product’s variants.',
  appliesTo: ['product'],
  value: 40,
  example: 'a colour select with 12 colours',
  counterExample: 'a shipping-country select with 190 countries',
});
