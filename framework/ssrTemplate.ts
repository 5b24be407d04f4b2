// The page template, Docusaurus's own (@docusaurus/core/lib/ssg/ssgTemplate.html.js, 3.10.2) with
// one change: the bundle scripts are loaded, and run, only after the browser has painted the
// server HTML.
//
// Why: with `<script defer>` a fast load (a cached bundle, a fast network) evaluates main.js,
// about 0.5 s of a phone's CPU, before the first paint, because deferred scripts run as soon as
// parsing ends and the first frame comes after them. The content is in the HTML, yet it appears
// only after the bundle has run, and Lighthouse (whose simulation charges every script evaluated
// before the LCP to the LCP) reports the page's text as painting after main.js.
//
// So a script in <head> (before the stylesheet, which would hold an inline script until it has
// loaded) waits for the browser to report the first contentful paint, then starts the bundle's
// downloads (<link rel="preload">) and, once the document is parsed, appends the bundle scripts
// in order: they run as `defer` would have run them, after parsing, but their downloads start at
// the paint, not when the parser reaches the end of a long page (on Lighthouse's phone profile
// that was 0.7 s after the paint, all of it added to the first tap's answer). When the document
// is already parsed at the paint, the usual case, the scripts are appended at once and no preload
// link is added: each would request the same file again. The scripts are appended one a task:
// appending one starts its request, which Chromium does synchronously, and the dozen or so of a
// doc page took 25–58 ms in one task right after the paint (no throttling; a phone's four times
// that is a long task). They still run in the order appended (`async = false`); the bundler's
// runtime would also accept its chunks in any order, and reuses a script already in the page
// when the app asks for a chunk before the loader has appended it. Animation frames
// are not enough: Chromium runs them before the frame it presents. A hidden page (a background
// tab, a prerender) paints nothing, so it loads them at once, and so does a browser without paint
// timing. After 3 s without a paint entry they load anyway.
// Nothing is preloaded before the paint: a download that ends before the paint is, for
// Lighthouse's simulation, part of what the LCP waits for (and it takes the bandwidth of the
// page's own resources on a slow network). The cost is that on a slow network hydration starts
// one download after the paint; the page is readable, its links work (as full page loads) and
// its controls hold taps (src/early-input) meanwhile.
// The scripts are the entry scripts and the route's own chunks (build/routeScripts.ts), so the
// route's chunks download beside main.js instead of one round trip after it. They are listed in a
// JSON data block, which no browser runs, so the loader's body is the same on every page and the
// Content-Security-Policy allows it by one hash (plugins/hosting-headers collects it). A listed
// script that fails to load is removed: the bundler's runtime, asked for that chunk later, would
// otherwise wait on the failed element (up to its 120 s timeout) instead of requesting it again.

/** The id of the data block that lists the page's scripts for the loader. */
export const BUNDLE_LIST_ID = '__bundle';

/**
 * The bundle loader's body. It reads the page's script addresses from the JSON data block
 * BUNDLE_LIST_ID: the list differs per page (the route's own chunks, build/routeScripts.ts), and
 * the loader must not, so that one hash allows it on every page.
 */
export function bundleLoader(): string {
  return (
    `(function(){var u=JSON.parse(document.getElementById("${BUNDLE_LIST_ID}").textContent),f=0,d=0,D=document,P=window.PerformanceObserver;` +
    'function e(t){return D.createElement(t)}' +
    'function x(){this.parentNode&&this.parentNode.removeChild(this)}' +
    'function r(){if(d)return;d=1;var i=0;(function n(){if(i>=u.length)return;var s=e("script");s.src=u[i++];s.async=false;s.onerror=x;D.body.appendChild(s);setTimeout(n,0)})()}' +
    'function l(){if(f)return;f=1;if(D.readyState!=="loading")return r();' +
    'for(var i=0;i<u.length;i++){var k=e("link");k.rel="preload";k.as="script";k.href=u[i];D.head.appendChild(k)}' +
    'D.addEventListener("DOMContentLoaded",r)}' +
    'if(D.visibilityState==="hidden"||!P||!P.supportedEntryTypes||P.supportedEntryTypes.indexOf("paint")<0)return l();' +
    'new P(function(list){var x=list.getEntries();for(var i=0;i<x.length;i++)if(x[i].name==="first-contentful-paint")setTimeout(l,0)})' +
    '.observe({type:"paint",buffered:true});' +
    'D.addEventListener("visibilitychange",function(){if(D.visibilityState==="hidden")l()});' +
    'setTimeout(l,3000)})()'
  );
}

export const ssrTemplate = `<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <script type="application/json" id="${BUNDLE_LIST_ID}"><%~ JSON.stringify(it.scripts.map((script) => it.baseUrl + script)) %></script>
    <script>${bundleLoader()}</script>
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <%~ it.postBodyTags %>
  </body>
</html>
`;
