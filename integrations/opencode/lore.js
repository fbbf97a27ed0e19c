// lore for OpenCode: puts the team's conventions into the session (see docs/opencode.md in
// lore's repository). `lore init --agent opencode` copies this file into .opencode/plugins/;
// delete it to stop. OpenCode has no command hooks, so for four plugin hooks this runs
// `lore hook --harness opencode` with a JSON payload on stdin and adds the `additionalContext`
// lore prints: to the system prompt (asked once per session and kept for every request), to
// the user's message, or to the tool's result. A missing `lore`, an error or an answer slower
// than TIMEOUT_MS adds nothing: OpenCode goes on as if this plugin were not there.
import { spawn } from "node:child_process";

const TIMEOUT_MS = 10000;

// lore's answer to one plugin hook, or "" whatever goes wrong.
function ask(directory, event, fields) {
  return new Promise((resolve) => {
    let done = false;
    const finish = (text) => {
      if (!done) {
        done = true;
        resolve(text);
      }
    };
    let child;
    try {
      child = spawn("lore", ["hook", "--harness", "opencode"], {
        cwd: directory,
        stdio: ["pipe", "pipe", process.env.LORE_DEBUG === "1" ? "inherit" : "ignore"],
      });
    } catch {
      return finish("");
    }
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      finish("");
    }, TIMEOUT_MS);
    let out = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.on("error", () => {
      clearTimeout(timer);
      finish("");
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code !== 0 || !out.trim()) return finish("");
      try {
        const answer = JSON.parse(out);
        finish(typeof answer.additionalContext === "string" ? answer.additionalContext : "");
      } catch {
        finish("");
      }
    });
    child.stdin.on("error", () => {});
    child.stdin.end(JSON.stringify({ hook_event_name: event, cwd: directory, ...fields }));
  });
}

export const LoreConventions = async ({ directory }) => {
  // The session's priming, asked once: OpenCode builds the system prompt for every request.
  const primed = new Map();
  return {
    "experimental.chat.system.transform": async (input, output) => {
      const session = input && input.sessionID;
      if (!session) return;
      if (!primed.has(session)) {
        primed.set(session, ask(directory, "experimental.chat.system.transform", { session_id: session }));
      }
      const text = await primed.get(session);
      if (text) output.system.push(text);
    },
    "chat.message": async (input, output) => {
      const parts = (output && output.parts) || [];
      const prompt = parts.filter((p) => p.type === "text" && !p.synthetic).map((p) => p.text).join("\n");
      const text = await ask(directory, "chat.message", { session_id: input.sessionID, prompt });
      const first = parts.find((p) => p.type === "text");
      if (text && first) parts.push({ ...first, id: first.id + "lore", text, synthetic: true });
    },
    "tool.execute.after": async (input, output) => {
      const text = await ask(directory, "tool.execute.after", {
        session_id: input.sessionID,
        tool_name: input.tool,
        tool_use_id: input.callID,
        tool_input: input.args,
        tool_response: { title: output.title, output: output.output, metadata: output.metadata },
      });
      if (text && typeof output.output === "string") output.output += "\n\n" + text;
    },
    "experimental.session.compacting": async (input) => {
      await ask(directory, "experimental.session.compacting", { session_id: input.sessionID });
    },
  };
};
