// Keyboard shortcuts for schedgame-lab. JupyterLab's own shortcuts extension (@jupyterlab/
// shortcuts-extension) is not in the offline npm registry at this JupyterLab version, so this plugin
// does its core job: every loaded plugin's schema declares its shortcuts under
// "jupyter.lab.shortcuts"; each one that is not disabled becomes a key binding (Shift+Enter runs a
// cell and selects the next, Ctrl+S saves, A/B insert cells, ...). User overrides are not read.
import { ISettingRegistry } from "@jupyterlab/settingregistry";

export const shortcutsPlugin = {
  id: "schedgame-lab:shortcuts",
  description: 'Key bindings from every plugin schema\'s "jupyter.lab.shortcuts".',
  autoStart: true,
  requires: [ISettingRegistry],
  activate: async (app, registry) => {
    const { values } = await registry.connector.list("all");
    let added = 0;
    for (const plugin of values) {
      const shortcuts = (plugin.schema && plugin.schema["jupyter.lab.shortcuts"]) || [];
      for (const s of shortcuts) {
        if (s.disabled || !s.command || !s.keys || !s.selector) continue;
        app.commands.addKeyBinding({
          command: s.command,
          keys: s.keys,
          selector: s.selector,
          args: s.args || {},
        });
        added++;
      }
    }
    document.body.setAttribute("data-schedgame-shortcuts", String(added));
  },
};
