// Bundles src/index.js (the JupyterLab 4 notebook front end) into build/.
// `make deps-lab` runs it through `npm run build` when build/ is missing or
// older than the sources or the lockfile.
const path = require('path');

module.exports = {
  entry: './src/index.js',
  output: {
    path: path.resolve(__dirname, 'build'),
    filename: 'bundle.js',
    chunkFilename: '[name].[contenthash].js',
    // Chunks (the widget controls, MathJax, CodeMirror languages) load from
    // wherever bundle.js was served: /static/gophernote_lab/ here.
    publicPath: 'auto',
    clean: true
  },
  devtool: false,
  performance: { hints: false },
  // A test fixture served from localhost: minifying (terser) would take
  // most of the build time for nothing.
  optimization: { minimize: false },
  module: {
    rules: [
      { test: /\.css$/, use: ['style-loader', 'css-loader'] },
      // SVG icons: inlined into CSS as data URIs, imported by
      // @jupyterlab/ui-components as strings.
      { test: /\.svg$/, issuer: /\.css$/, type: 'asset/inline' },
      { test: /\.svg$/, issuer: { not: [/\.css$/] }, type: 'asset/source' },
      { test: /\.(woff2?|ttf|eot|png|gif|jpe?g)$/, type: 'asset/resource' },
      { test: /\.md$/, type: 'asset/source' },
      // @jupyter/web-components imports extension-less ESM paths.
      { test: /\.m?js$/, resolve: { fullySpecified: false } }
    ]
  }
};
