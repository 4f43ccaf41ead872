// webpack's asset modules (webpack.config.ts): importing an image file gives the URL it is served at.
declare module '*.svg' {
  const url: string;
  export default url;
}

// Stylesheets are imported for their effect only (webpack's CSS loaders put them on the page): a `*.css` module
// exports nothing, so an import that expects class names or a default export fails the type check.
declare module '*.css' {}
