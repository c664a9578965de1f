import { describe, expect, it } from 'vitest';
import { prerenderedPage, routeStylesheets } from './prerender-pages';

const INDEX = `<!doctype html><html><head><script>scheme()</script><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root"></div></body></html>`;
const ROUTE_PAGE = INDEX.replace(
  '</head>',
  '<link rel="modulepreload" crossorigin href="/assets/guest-2.js">\n    <link rel="preload" as="style" crossorigin href="/assets/Tabs-3.css">\n    <link rel="preload" as="style" crossorigin href="/assets/PinInput-4.css"></head>',
);

describe('prerendered pages', () => {
  it('name the stylesheets their route page preloads', () => {
    expect(routeStylesheets(ROUTE_PAGE)).toEqual(['/assets/Tabs-3.css', '/assets/PinInput-4.css']);
    expect(routeStylesheets(INDEX)).toEqual([]);
  });

  it("are index.html with the route's HTML in its root and the route's CSS inline, and no preloads", () => {
    const page = prerenderedPage(INDEX, '<form>Sign in</form>', ['.tabs{}', '.pin{}']);
    expect(page).toContain('<div id="root"><form>Sign in</form></div>');
    expect(page).toContain('<style>.tabs{}\n.pin{}</style>');
    expect(page.indexOf('<style>')).toBeLessThan(page.indexOf('</head>'));
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    expect(page).not.toContain('modulepreload');
  });

  it('keep dollar signs in the HTML and CSS as they are', () => {
    const page = prerenderedPage(INDEX, '<p>$5.00 and $&</p>', ['.a::after{content:"$1"}']);
    expect(page).toContain('<p>$5.00 and $&</p>');
    expect(page).toContain('content:"$1"');
  });

  it('refuse an index.html without an empty root element', () => {
    expect(() => prerenderedPage('<html><body><div id="app"></div></body></html>', '<p/>', [])).toThrow(/root/);
  });
});
