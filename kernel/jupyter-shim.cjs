// A thin shim between Jupyter and tslab, installed by kernel/launch.cjs before tslab starts (tslab's
// files are not modified: its exported classes and functions are wrapped at run time).
// 1. kernel_info_reply carries status "ok" (Jupyter messaging 5.x requires it on every reply).
// 2. A failing cell's error (a TypeScript diagnostic or an exception, which tslab prints to stderr)
//    is sent as one Jupyter "error" message, and the execute_reply carries ename/evalue/traceback.
// 3. A cell's last expression is sent as an execute_result (with the cell's execution count)
//    instead of stdout text; its MIME bundle comes from views/display/rich-result.ts when a notebook
//    ran setupNotebook() (tables and figures display richly), else text/plain as Node's REPL prints.
"use strict";
const path = require("path");
const util = require("util");

function installShim(root) {
  const dist = path.join(root, "node_modules", "tslab", "dist");
  const jupyter = require(path.join(dist, "jupyter.js"));
  const executor = require(path.join(dist, "executor.js"));
  const Handler = jupyter.JupyterHandlerImpl.prototype;
  const Server = jupyter.ZmqServer.prototype;

  const kernelInfo = Handler.handleKernel;
  Handler.handleKernel = function () {
    return { status: "ok", ...kernelInfo.call(this) };
  };

  // The execution running now (tslab runs one at a time through its queue).
  let current = null;
  const executeImpl = Handler.handleExecuteImpl;
  let lastError = null;
  Handler.handleExecuteImpl = async function (req, writeStream, writeDisplayData) {
    current = { count: this.execCount + 1, send: writeDisplayData, errors: [] };
    lastError = null;
    try {
      return await executeImpl.call(this, req, writeStream, writeDisplayData);
    } catch (e) {
      const text = current.errors.join("\n").trim() || String(e && e.message ? e.message : "error");
      const first = text.split("\n")[0];
      const m = /^([A-Za-z_$][\w$]*(?:Error|Exception)):\s*(.*)$/.exec(first);
      const diagnostic = /^(\S+ )?\d+:\d+ - /.test(first);
      lastError = {
        ename: m ? m[1] : diagnostic ? "TypeScriptError" : "Error",
        evalue: m ? m[2] : first,
        traceback: text.split("\n"),
      };
      writeDisplayData(lastError, false, "error");
      throw e;
    } finally {
      current = null;
    }
  };

  // The server's execute handler with a display writer that can also send execute_result.
  Server.handleExecute = async function (sock, msg) {
    const send = (msgType, content) => {
      const m = msg.createReply();
      m.header.msg_type = msgType;
      m.content = content;
      m.signAndSend(this.connInfo.key, this.iopub);
    };
    const writeStream = (name, text) => send("stream", { name, text });
    const writeDisplayData = (data, update, msgType) =>
      send(msgType || (update ? "update_display_data" : "display_data"), data);
    const reply = msg.createReply();
    reply.header.msg_type = "execute_reply";
    reply.content = await this.handler.handleExecute(msg.content, writeStream, writeDisplayData);
    if (reply.content.status === "error" && lastError) reply.content = { ...reply.content, ...lastError };
    reply.signAndSend(this.connInfo.key, sock);
  };

  const bundle = (value) => {
    const hook = globalThis.__schedgameRichResult;
    if (typeof hook === "function") {
      try {
        return hook(value);
      } catch (e) {
        // fall back to text
      }
    }
    return { "text/plain": util.inspect(value) };
  };
  const createExecutor = executor.createExecutor;
  executor.createExecutor = function (rootDir, convs, cons) {
    const log = (value, ...rest) => {
      if (current && rest.length === 0)
        current.send(
          { execution_count: current.count, data: bundle(value), metadata: {} },
          false,
          "execute_result",
        );
      else cons.log(value, ...rest);
    };
    // tslab's executor reports only compile diagnostics and uncaught exceptions through cons.error.
    const error = (...args) => {
      if (current) current.errors.push(util.format(...args));
      else cons.error(...args);
    };
    return createExecutor(rootDir, convs, { ...cons, log, error });
  };
}

module.exports = { installShim };
