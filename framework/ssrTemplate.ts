// The page template, Docusaurus's own (@docusaurus/core/lib/ssg/ssgTemplate.html.js, 3.8.1) with
// one change: the bundle scripts are loaded, and run, only after the browser has painted the
// server HTML.
//
// Why: with `<script defer>` a fast load (a cached bundle, a fast network) evaluates main.js,
// about 0.5 s of a phone's CPU, before the first paint, because deferred scripts run as soon as
// parsing ends and the first frame comes after them. The content is in the HTML, yet it appears
// only after the bundle has run, and Lighthouse (whose simulation charges every script evaluated
// before the LCP to the LCP) reports the page's text as painting after main.js.
//
// So a script at the end of <body> appends the bundle scripts, in order, once the browser reports
// the first contentful paint. Animation frames are not enough: Chromium runs them before the
// frame it presents. A hidden page (a background tab, a prerender) paints nothing, so it loads
// them at once, and so does a browser without paint timing. After 3 s without a paint entry they
// load anyway, as `defer` would have run them.
// They are not preloaded: a download that ends before the paint is, for Lighthouse's simulation,
// part of what the LCP waits for (and it takes the bandwidth of the page's own resources on a
// slow network). The cost is that on a slow network hydration starts one download later; the page
// is readable and its links work (as full page loads) meanwhile.
// The script's body is the same on every page, so the Content-Security-Policy allows it by one
// hash (plugins/hosting-headers collects it from the build).

/** The bundle loader's body, `urls` being the template's JSON list of script addresses. */
export function bundleLoader(urls: string): string {
  return (
    `(function(){var u=${urls},d=0,P=window.PerformanceObserver;` +
    'function l(){if(d)return;d=1;for(var i=0;i<u.length;i++){var s=document.createElement("script");' +
    's.src=u[i];s.async=false;document.body.appendChild(s)}}' +
    'if(document.visibilityState==="hidden"||!P||!P.supportedEntryTypes||P.supportedEntryTypes.indexOf("paint")<0)return l();' +
    'new P(function(list){var e=list.getEntries();for(var i=0;i<e.length;i++)if(e[i].name==="first-contentful-paint")setTimeout(l,0)})' +
    '.observe({type:"paint",buffered:true});' +
    'document.addEventListener("visibilitychange",function(){if(document.visibilityState==="hidden")l()});' +
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
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <%~ it.postBodyTags %>
    <script>${bundleLoader('<%~ JSON.stringify(it.scripts.map((script) => it.baseUrl + script)) %>')}</script>
  </body>
</html>
`;
