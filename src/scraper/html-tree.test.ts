import { describe, expect, it } from 'vitest';
import { decodeEntities } from './html-entities';
import { blockText, inlineText } from './html-text';
import { byClass, findAll, findFirst, parseHtml } from './html-tree';

describe('parseHtml', () => {
  it('builds a tree with lazy attributes, entities decoded in text and attributes', () => {
    const root = parseHtml(
      '<div class="a b" data-x="1&amp;2"><a href="/x?a=1&amp;b=2">R&amp;D &ndash; Gr&#252;&#xdf;e</a><img src="i.png"><br/></div>',
    );
    const div = findFirst(root, byClass('b'));
    expect(div?.attribs).toEqual({ class: 'a b', 'data-x': '1&2' });
    const link = findFirst(root, (el) => el.name === 'a');
    expect(link?.attribs.href).toBe('/x?a=1&b=2');
    expect(inlineText(link)).toBe('R&D – Grüße');
    expect(div?.children.map((c) => (c.type === 'tag' ? c.name : 'text'))).toEqual([
      'a',
      'img',
      'br',
    ]);
  });

  it('matches whole class names only', () => {
    const root = parseHtml(
      '<span class="job-search-card__listdate--new">x</span><span class="job-search-card__listdate">y</span>',
    );
    expect(findAll(root, byClass('job-search-card__listdate')).map((el) => inlineText(el))).toEqual(
      ['y'],
    );
  });

  it('closes implied <li> and <p>, skips comments and script text, ignores stray end tags', () => {
    const root = parseHtml(
      '<ul><li>one<li>two</ul><p>para<div>block</div></span><!-- <b>x</b> --><script>var a = "<li>";</script>',
    );
    expect(findAll(root, (el) => el.name === 'li').map((el) => inlineText(el))).toEqual([
      'one',
      'two',
    ]);
    expect(inlineText(findFirst(root, (el) => el.name === 'p'))).toBe('para');
    expect(findFirst(root, (el) => el.name === 'b')).toBeUndefined();
    expect(inlineText(root)).toBe('onetwoparablock');
  });

  it('decodes entities the small table does not know through the full decoder', () => {
    expect(decodeEntities('&hearts; &amp; &Scaron;')).toBe('♥ & Š');
    expect(decodeEntities('AT&T; 5 &lt 6')).toBe('AT&T; 5 < 6');
  });
});

describe('blockText', () => {
  it('keeps paragraphs, line breaks and list items as plain text', () => {
    const root = parseHtml(
      '<div><strong>Role</strong><br><br>Line one<br>Line two<p>Para</p><ul><li>A</li><li>B</li></ul>tail</div>',
    );
    expect(blockText(root)).toBe('Role\n\nLine one\nLine two\n\nPara\n\n• A\n• B\n\ntail');
  });
});
