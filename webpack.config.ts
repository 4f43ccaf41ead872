// Builds the SPA into dist/client: content-hashed, code-split, pre-compressed (gzip + brotli).
// Two entries: the vendor app (index.html) and the lean customer pages (customer.html, which the
// server sends for /s/… and /wallet…), each with its own runtime, so neither carries the other's code.
import path from 'node:path';
import zlib from 'node:zlib';
import type { Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import CompressionPlugin from 'compression-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';

/** The customer pages' paths: answered with customer.html (the server's copy is in server/app.ts). */
const CUSTOMER_PAGES = /^\/(s|wallet)(\/|$)/i;

interface Env {
  production?: boolean;
}

export default (env: Env = {}, argv: { mode?: string } = {}): Configuration & { devServer?: DevServerConfiguration } => {
  const production = env.production === true || argv.mode === 'production';
  return {
    mode: production ? 'production' : 'development',
    entry: {
      main: path.resolve(__dirname, 'src/index.tsx'),
      customer: path.resolve(__dirname, 'src/customer.tsx'),
    },
    output: {
      path: path.resolve(__dirname, 'dist/client'),
      filename: production ? 'assets/[name].[contenthash:12].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:12].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:12][ext]',
      // Source maps are not served to the public. They go beside the served folder
      // (dist/client-sourcemaps, for reading a production stack trace), and the bundles do not point to them.
      sourceMapFilename: '../client-sourcemaps/[file].map',
      publicPath: '/',
      clean: true,
    },
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          // Type checking is `npm run typecheck`; the bundle build only transpiles.
          use: { loader: 'ts-loader', options: { transpileOnly: true, configFile: path.resolve(__dirname, 'tsconfig.json') } },
        },
        // No CSS source maps in production: css-loader would otherwise put each file's map (its whole text again)
        // inside the JavaScript every page downloads (2.5 KiB of the customer page alone).
        // In production the CSS goes into .css files beside the scripts (a <link> for an entry's own, and webpack
        // loads a lazy chunk's with it), not into the JavaScript: the browser downloads and parses it in parallel,
        // and the customer page's script carries neither the style text nor an injecting runtime (4 KiB gzip).
        // It is minified on the way in (comments, spaces, shorter colours and values). In development style-loader
        // injects it, for hot reloads.
        {
          test: /\.css$/,
          use: [
            production ? MiniCssExtractPlugin.loader : 'style-loader',
            { loader: 'css-loader', options: { sourceMap: !production } },
            ...(production ? [{ loader: 'esbuild-loader', options: { minify: true } }] : []),
          ],
        },
        { test: /\.(png|jpe?g|svg|webp)$/, type: 'asset' },
        // The text catalogues: compiled to Lingui's form at build time (no message parser in the browser).
        {
          test: /[\\/]src[\\/]i18n[\\/]messages[\\/].+\.json$/,
          type: 'javascript/auto',
          use: path.resolve(__dirname, 'scripts/webpack/catalogue-loader.cjs'),
        },
      ],
    },
    optimization: {
      // The customer entry stays one file: nothing to share with (it loads no other chunk), and kept out of
      // the vendor app's shared chunks, whose react-router carries the data router the customer pages do not use.
      splitChunks: { chunks: (chunk) => chunk.name !== 'customer' },
      // A runtime per entry: webpack then keeps only the exports each entry uses of a shared library.
      runtimeChunk: { name: (entrypoint: { name: string }) => `runtime-${entrypoint.name}` },
    },
    performance: { hints: false },
    plugins: [
      new HtmlWebpackPlugin({ template: path.resolve(__dirname, 'public/index.html'), chunks: ['main'] }),
      new HtmlWebpackPlugin({ template: path.resolve(__dirname, 'public/index.html'), filename: 'customer.html', chunks: ['customer'] }),
      // The README's screenshots live in public/screenshots/ but are no part of the served app.
      new CopyWebpackPlugin({
        patterns: [{ from: path.resolve(__dirname, 'public'), globOptions: { ignore: ['**/index.html', '**/screenshots/**'] }, noErrorOnMissing: true }],
      }),
      ...(production
        ? [
            new MiniCssExtractPlugin({ filename: 'assets/[name].[contenthash:12].css', chunkFilename: 'assets/[name].[contenthash:12].css' }),
            new CompressionPlugin({ filename: '[path][base].gz', algorithm: 'gzip', test: /\.(js|css|html|svg)$/, threshold: 1024 }),
            new CompressionPlugin({
              filename: '[path][base].br',
              algorithm: 'brotliCompress',
              test: /\.(js|css|html|svg)$/,
              compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } } as zlib.BrotliOptions as zlib.ZlibOptions,
              threshold: 1024,
            }),
          ]
        : []),
    ],
    devServer: {
      // `npm run dev` sets both: the dev server on DEV_PORT, proxying the API on PORT (README: Scripts).
      port: Number(process.env.DEV_PORT || 5173),
      historyApiFallback: { rewrites: [{ from: CUSTOMER_PAGES, to: '/customer.html' }] },
      proxy: [{ context: ['/api', '/images'], target: `http://127.0.0.1:${process.env.PORT || 3000}` }],
    },
  };
};
