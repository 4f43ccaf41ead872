// webpack's asset modules (webpack.config.ts): importing an image file gives the URL it is served at.
declare module '*.svg' {
  const url: string;
  export default url;
}
