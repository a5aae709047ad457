# workerd serve worker.capnp, in a plugin folder after `portico build --target worker`.
using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [(name = "plugin", worker = .plugin)],
  sockets = [(name = "http", address = "127.0.0.1:8787", http = (), service = "plugin")],
);

const plugin :Workerd.Worker = (
  modules = [(name = "worker.mjs", esModule = embed ".portico/worker.mjs")],
  compatibilityDate = "2026-07-01",
  compatibilityFlags = ["nodejs_compat"],
);
