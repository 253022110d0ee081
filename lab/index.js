// schedgame-lab: JupyterLab 4 assembled from npm packages, after JupyterLab's examples/app.
// The extension lists must match package.json's "jupyterlab" field (webpack copies their schemas,
// themes and styles from it).
import { JupyterLab } from "@jupyterlab/application";
import { PageConfig } from "@jupyterlab/coreutils";
import { shortcutsPlugin } from "./shortcuts";

// eslint-disable-next-line no-undef
__webpack_public_path__ = PageConfig.getOption("fullStaticUrl") + "/";

const styles = import("./build/style.js");

function pluginsOf(mod) {
  const exports = Object.prototype.hasOwnProperty.call(mod, "__esModule") ? mod.default : mod;
  return Array.isArray(exports) ? exports : [exports];
}

window.addEventListener("load", async () => {
  await styles;
  const extensions = await Promise.all([
    import("@jupyterlab/application-extension"),
    import("@jupyterlab/apputils-extension"),
    import("@jupyterlab/codemirror-extension"),
    import("@jupyterlab/completer-extension"),
    import("@jupyterlab/console-extension"),
    import("@jupyterlab/docmanager-extension"),
    import("@jupyterlab/documentsearch-extension"),
    import("@jupyterlab/filebrowser-extension"),
    import("@jupyterlab/fileeditor-extension"),
    import("@jupyterlab/help-extension"),
    import("@jupyterlab/launcher-extension"),
    import("@jupyterlab/mainmenu-extension"),
    import("@jupyterlab/markdownviewer-extension"),
    import("@jupyterlab/markedparser-extension"),
    import("@jupyterlab/mathjax-extension"),
    import("@jupyterlab/metadataform-extension"),
    import("@jupyterlab/notebook-extension"),
    import("@jupyterlab/rendermime-extension"),
    import("@jupyterlab/running-extension"),
    import("@jupyterlab/settingeditor-extension"),
    import("@jupyterlab/statusbar-extension"),
    import("@jupyterlab/theme-light-extension"),
    import("@jupyterlab/tooltip-extension"),
    import("@jupyterlab/translation-extension"),
    import("@jupyterlab/ui-components-extension"),
  ]);
  const mimeExtensions = await Promise.all([import("@jupyterlab/json-extension")]);
  const lab = new JupyterLab({ mimeExtensions });
  // Plugins that need a newer server than Debian's jupyter_server 1.23 (language servers, the
  // /api/events stream, collaborative features) are left out; see lab/README.md.
  const skip = (id) => id.includes(":language-server") || id.endsWith(":toc");
  lab.registerPlugins(extensions.flatMap(pluginsOf).filter((p) => !skip(p.id)));
  lab.registerPlugin(shortcutsPlugin);
  await lab.start();
  await lab.restored;
  document.body.setAttribute("data-schedgame-lab", "ready");
});
