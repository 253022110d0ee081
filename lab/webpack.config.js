// Bundles schedgame-lab (index.js) and, through @jupyterlab/builder's ensureAssets, copies every
// extension's settings schemas, themes and styles into build/ (where main.py serves them).
const path = require("path");
const webpack = require("webpack");
const miniSVGDataURI = require("mini-svg-data-uri");
const Build = require("@jupyterlab/builder").Build;
const data = require("./package.json");

const assets = Build.ensureAssets({
  packageNames: [...data.jupyterlab.extensions, ...data.jupyterlab.mimeExtensions],
  output: path.join(__dirname, "build"),
});

module.exports = [
  {
    entry: ["./index.js"],
    output: {
      path: path.join(__dirname, "build"),
      filename: "bundle.js",
      chunkFilename: "[name].[contenthash:8].js",
    },
    bail: true,
    mode: "development",
    devtool: false,
    performance: { hints: false },
    resolve: { fallback: { path: require.resolve("path-browserify") } },
    module: {
      rules: [
        { test: /\.css$/, exclude: /\.raw\.css$/, use: ["style-loader", "css-loader"] },
        { test: /\.raw\.css$/, type: "asset/source" },
        { test: /\.html$/, type: "asset/resource" },
        { test: /\.md$/, type: "asset/source" },
        { test: /\.(jpg|png|gif)$/, type: "asset/resource" },
        { test: /\.js\.map$/, type: "asset/resource" },
        { test: /\.(woff2?|ttf)(\?v=\d+\.\d+\.\d+)?$/, type: "asset" },
        { test: /\.eot(\?v=\d+\.\d+\.\d+)?$/, type: "asset/resource" },
        {
          test: /\.svg(\?v=\d+\.\d+\.\d+)?$/,
          issuer: /\.css$/,
          type: "asset/inline",
          generator: { dataUrl: (content) => miniSVGDataURI(content.toString()) },
        },
        { test: /\.svg(\?v=\d+\.\d+\.\d+)?$/, issuer: /\.js$/, type: "asset/source" },
        { test: /\.m?js$/, resolve: { fullySpecified: false } },
      ],
    },
    plugins: [new webpack.DefinePlugin({ process: { cwd: () => "/", env: {} } })],
  },
].concat(assets);
