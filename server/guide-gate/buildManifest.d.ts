// The build writes the manifest (plugins/guide-gate); before a build, type checks see this shape.
declare module '*/.gate/manifest.json' {
  const manifest: unknown;
  export default manifest;
}

// The MCP server's data files (plugins/mcp-data), likewise.
declare module '*/.gate/mcp/auth.json' {
  const value: object;
  export default value;
}
declare module '*/.gate/mcp/site.json' {
  const value: object;
  export default value;
}
declare module '*/.gate/mcp/public-index.json' {
  const value: object;
  export default value;
}
declare module '*/.gate/mcp/guides-index.json' {
  const value: object;
  export default value;
}
declare module '*/.gate/mcp/public-texts.json' {
  const value: object;
  export default value;
}
declare module '*/.gate/mcp/guide-texts.json' {
  const value: object;
  export default value;
}
declare module '*/.gate/mcp/public-twins.json' {
  const value: object;
  export default value;
}
declare module '*/.gate/mcp/guide-twins.json' {
  const value: object;
  export default value;
}
