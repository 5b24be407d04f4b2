// The page template: Docusaurus's own (@docusaurus/core/lib/ssg/ssgTemplate.html.js, 3.10.2) with
// one change: the bundle scripts are listed in a JSON data block, which a loader in <head> reads to
// append them after the browser has painted the server HTML, one a task, so that the page paints
// before main.js runs. Why, and each case the loader handles:
// maintainers/decisions/2026-11-27-bundle-after-first-paint.md.

/** The id of the data block that lists the page's scripts for the loader. */
export const BUNDLE_LIST_ID = '__bundle';

/**
 * The bundle loader's body. It reads the page's script addresses from the JSON data block
 * BUNDLE_LIST_ID: the list differs per page (the route's own chunks, ../route-scripts), and
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
