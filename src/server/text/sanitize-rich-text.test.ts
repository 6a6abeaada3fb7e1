import { describe, expect, it } from 'vitest';
import { sanitizeRichText, stripMarkup } from './sanitize-rich-text.js';

describe('sanitizeRichText', () => {
  it('keeps the editor formats, alignment and indent', () => {
    const html =
      '<h1>T</h1><h6>t</h6><p class="ql-align-center ql-indent-2 evil">a <strong>b</strong> <em>c</em> <u>d</u> <s>e</s></p><ol><li>1</li></ol><ul><li>2</li></ul><p style="text-align: right">r</p>';
    expect(sanitizeRichText(html)).toBe(
      '<h1>T</h1><h6>t</h6><p class="ql-align-center ql-indent-2">a <strong>b</strong> <em>c</em> <u>d</u> <s>e</s></p><ol><li>1</li></ol><ul><li>2</li></ul><p style="text-align: right">r</p>',
    );
  });

  it('keeps http, https, mailto, tel and relative links; drops every other target', () => {
    const html =
      '<a href="https://x.example/a">1</a><a href="mailto:a@b.c">2</a><a href="tel:+331">3</a><a href="/FAQ">4</a><a href="javascript:alert(1)">5</a><a href="  JaVaScRiPt:alert(1)">6</a><a href="data:text/html,x">7</a><a href="vbscript:x">8</a>';
    expect(sanitizeRichText(html)).toBe(
      '<a href="https://x.example/a">1</a><a href="mailto:a@b.c">2</a><a href="tel:+331">3</a><a href="/FAQ">4</a><a>5</a><a>6</a><a>7</a><a>8</a>',
    );
  });

  it('keeps images of this site or http(s), removes data: and script images', () => {
    const html =
      '<img src="/files/public/images/a.png" alt="a"><img src="data:image/png;base64,AAAA"><img src="javascript:x"><img src="//evil.example/x.png"><img src="https://cdn.example/b.png" onerror="x()">';
    expect(sanitizeRichText(html)).toBe(
      '<img src="/files/public/images/a.png" alt="a" /><img src="https://cdn.example/b.png" />',
    );
  });

  it('removes scripts, handlers, frames, forms, styles and foreign markup with their content', () => {
    const html =
      '<script>x()</script><p onclick="x()" style="position:fixed">Trap</p><iframe srcdoc="<script>x()</script>"></iframe><svg onload="x()"><script>x()</script></svg><math><mi><style><img src=x onerror="x()"></style></mi></math><form><input name="card"><button>Pay</button></form><style>main{display:none}</style><object data="javascript:x"></object><embed src="javascript:x">';
    const clean = sanitizeRichText(html);
    expect(clean).not.toMatch(
      /<(script|iframe|svg|math|form|input|button|style|object|embed)|on\w+=|javascript:|position/i,
    );
    expect(clean).toContain('<p>Trap</p>');
  });
});

describe('stripMarkup', () => {
  it('removes tags, keeps the text and line breaks as typed', () => {
    expect(stripMarkup('Yes <b>really</b> & 1 < 2\n<script>x()</script>Next line')).toBe(
      'Yes really & 1 < 2\nNext line',
    );
    expect(stripMarkup('<img src=x onerror="x()">')).toBe('');
  });
});
