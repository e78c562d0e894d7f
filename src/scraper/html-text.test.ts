import { describe, expect, it } from 'vitest';
import { field, innerHtml, parseHtml, pick } from './html-dom';
import { blockText, inlineText } from './html-text';

const DIV = field('div');

describe('blockText', () => {
  it('keeps paragraphs, line breaks and list items as plain text', () => {
    const div = pick(
      parseHtml(
        '<div><strong>Role</strong><br><br>Line one<br>Line two<p>Para</p><ul><li>A</li><li>B</li></ul>tail</div>',
      ),
      DIV,
    );
    expect(div && blockText(div)).toBe('Role\n\nLine one\nLine two\n\nPara\n\n• A\n• B\n\ntail');
  });

  it('leaves out script, style, buttons and comments', () => {
    const div = pick(
      parseHtml(
        '<div>a<script>x()</script><style>p{}</style><button>Show more</button><!-- c -->b</div>',
      ),
      DIV,
    );
    expect(div && blockText(div)).toBe('ab');
    expect(inlineText(div)).toBe('ab');
  });
});

describe('field', () => {
  it('tries its selectors in order and names them all', () => {
    const doc = parseHtml('<p class="old">old</p><p class="new">new</p>');
    expect(inlineText(pick(doc, field('.new', '.old')))).toBe('new');
    expect(inlineText(pick(doc, field('.gone', '.old')))).toBe('old');
    expect(pick(doc, field('.gone'))).toBeNull();
    expect(field('.a', 'b.c').label).toBe('.a, b.c');
  });

  it('serialises an element’s inner HTML with reserved characters escaped', () => {
    const div = pick(parseHtml('<div><b>R&amp;D</b> &lt;3 caf&eacute;</div>'), DIV);
    expect(div && innerHtml(div)).toBe('<b>R&amp;D</b> &lt;3 café');
  });
});
