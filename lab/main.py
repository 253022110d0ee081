"""schedgame-lab: serves the JupyterLab 4 front end built in build/ with Debian's jupyterlab_server
(LabServerApp) on jupyter_server 1.23, after JupyterLab's examples/app. `npm run lab` installs,
builds and starts it; by hand: /usr/bin/python3 lab/main.py [--port=8888] [--ServerApp.token=...]
settings/overrides.json holds the app's setting defaults (no news or update checks: offline)."""
import json
import os

from jupyter_server.base.handlers import APIHandler, JupyterHandler
from jupyter_server.base.zmqhandlers import WebSocketMixin
from jupyterlab_server import LabServerApp
from tornado import web, websocket

HERE = os.path.dirname(os.path.abspath(__file__))
BUILD = os.path.join(HERE, "build")
# User settings and workspaces: SCHEDGAME_LAB_STATE, else ~/.local/share/schedgame-lab.
STATE = os.environ.get("SCHEDGAME_LAB_STATE") or os.path.join(os.path.expanduser("~"), ".local", "share", "schedgame-lab")

# Ignore Jupyter configuration files on disk so the app behaves the same everywhere.
os.environ["JUPYTER_NO_CONFIG"] = "1"

with open(os.path.join(HERE, "package.json")) as f:
    VERSION = json.load(f)["version"]


class IdentityHandler(APIHandler):
    """GET /api/me as jupyter_server 2 answers it (JupyterLab 4 asks who the user is); server 1.23
    has no identity API, so this returns the one local user and no extra permissions."""

    @web.authenticated
    def get(self):
        name = os.environ.get("USER") or "user"
        identity = {"username": name, "name": name, "display_name": name,
                    "initials": name[:2].upper(), "avatar_url": None, "color": None}
        self.finish(json.dumps({"identity": identity, "permissions": {}}))


class EventsHandler(WebSocketMixin, websocket.WebSocketHandler, JupyterHandler):
    """/api/events/subscribe as an open, silent stream: jupyter_server 1.23 emits no server
    events, and JupyterLab 4 otherwise retries the missing socket forever."""

    async def get(self, *args, **kwargs):
        if self.current_user is None:
            raise web.HTTPError(403)
        return await super().get(*args, **kwargs)

    def on_message(self, message):
        pass


def _jupyter_server_extension_points():
    return [{"module": __name__, "app": SchedgameLab}]


class SchedgameLab(LabServerApp):
    name = "schedgame_lab"
    extension_url = "/lab"
    default_url = "/lab"
    app_url = "/lab"
    load_other_extensions = False
    app_name = "schedgame — JupyterLab"
    app_version = VERSION
    static_dir = BUILD
    templates_dir = os.path.join(HERE, "templates")
    app_settings_dir = os.path.join(HERE, "settings")
    schemas_dir = os.path.join(BUILD, "schemas")
    themes_dir = os.path.join(BUILD, "themes")
    user_settings_dir = os.path.join(STATE, "user_settings")
    workspaces_dir = os.path.join(STATE, "workspaces")

    def initialize_handlers(self):
        super().initialize_handlers()
        self.handlers.extend([(r"/api/me", IdentityHandler), (r"/api/events/subscribe", EventsHandler)])


if __name__ == "__main__":
    SchedgameLab.launch_instance()
