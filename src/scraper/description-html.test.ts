import { describe, expect, it } from 'vitest';
import { descriptionHtmlFromText, sanitizeDescriptionHtml } from './description-html';

describe('sanitizeDescriptionHtml', () => {
  it('keeps paragraphs, lists, emphasis, headings and http(s) links', () => {
    expect(
      sanitizeDescriptionHtml(
        '<h2>About</h2><p>We <strong>build</strong> <em>things</em>, <b>fast</b>, <i>well</i>, <u>together</u>.<br>Join.</p><ul><li>One</li></ul><ol><li>Two</li></ol><a href="https://example.com/x?a=1&amp;b=2">apply</a>',
      ),
    ).toBe(
      '<h2>About</h2><p>We <strong>build</strong> <em>things</em>, <b>fast</b>, <i>well</i>, <u>together</u>.<br />Join.</p><ul><li>One</li></ul><ol><li>Two</li></ol><a href="https://example.com/x?a=1&amp;b=2" rel="noopener noreferrer nofollow" target="_blank">apply</a>',
    );
  });

  it('drops scripts, styles, event handlers, images, frames and javascript: links', () => {
    const hostile = [
      '<p onclick="steal()">Hello<script>alert(1)</script></p>',
      '<style>body{display:none}</style>',
      '<img src="https://tracker.example/p.gif" onerror="alert(2)">',
      '<iframe src="https://evil.example">framed</iframe>',
      '<a href="javascript:alert(3)" target="_top" rel="opener">click</a>',
      '<a href="JaVaScRiPt:alert(4)">x</a>',
      '<a href="data:text/html,<script>alert(5)</script>">d</a>',
      '<a href="//evil.example">p</a>',
      '<svg onload="alert(6)"><circle/></svg>',
      '<p style="background:url(https://t.example)">styled</p>',
      '<form action="https://evil.example"><input name="x"></form>',
      '<object data="x"></object><embed src="y">',
    ].join('');
    const clean = sanitizeDescriptionHtml(hostile) ?? '';
    for (const bad of [
      'script',
      'alert',
      'onclick',
      'onerror',
      'onload',
      '<img',
      '<iframe',
      'framed',
      'javascript',
      'data:',
      '<style',
      'style=',
      '<svg',
      '<form',
      '<input',
      '<object',
      '<embed',
      '//evil',
      'opener"',
      '_top',
    ]) {
      expect(clean.toLowerCase(), bad).not.toContain(bad.toLowerCase());
    }
    expect(clean).toContain('<p>Hello</p>');
    expect(clean).toContain('<p>styled</p>');
    expect(clean).toContain('<a target="_blank" rel="noopener noreferrer nofollow">click</a>');
  });

  it('answers null when nothing readable is left', () => {
    expect(sanitizeDescriptionHtml('')).toBeNull();
    expect(sanitizeDescriptionHtml('<p> </p><br><script>x</script><img src=x>')).toBeNull();
  });
});

describe('descriptionHtmlFromText', () => {
  it('escapes plain text into paragraphs and line breaks', () => {
    expect(descriptionHtmlFromText('One <b>\nline\n\n  Two & "three"  \n\n\n')).toBe(
      '<p>One &lt;b&gt;<br />line</p><p>Two &amp; &quot;three&quot;</p>',
    );
    expect(descriptionHtmlFromText(' \n\n ')).toBeNull();
  });
});
