"""Jupyter kernel conformance (Debian's python3-jupyter-kernel-test) for the schedgame kernel.

Run by test/integration/kernel-conformance.test.ts (npm run check:integration). Every check the
kernel can support is configured; the ones left out and why:
- history (history_request): tslab keeps no history; not implemented by the kernel.
- pager, clear_output: tslab has no pager payloads and no clear-output API.
"""
import unittest

import jupyter_kernel_test as jkt


class SchedgameKernelTests(jkt.KernelTests):
    kernel_name = "schedgame"
    language_name = "typescript"
    file_extension = ".ts"

    code_hello_world = 'console.log("hello, world")'
    code_stderr = 'console.error("oops")'
    code_generate_error = 'throw new Error("boom")'
    code_execute_result = [
        {"code": "6*7", "result": "42"},
        {"code": '"abc".length', "result": "3"},
        # A table as the last expression displays as a table (rich results, views/display/rich-result.ts).
        {"code": 'import { registerRichResults } from "./views/index"; import * as aq from "arquero"; registerRichResults(); aq.table({ a: [1, 2] })', "mime": "text/html"},
    ]
    code_display_data = [
        {"code": 'import { showMarkdown } from "./views/index"; showMarkdown("**bold**")', "mime": "text/markdown"},
    ]
    completion_samples = [{"text": "Math.PI.toFix", "matches": {"toFixed"}}]
    complete_code_samples = ["1 + 1", "const x = 3;"]
    incomplete_code_samples = ["function f() {", "const a = ["]
    code_inspect_sample = "Math"


if __name__ == "__main__":
    unittest.main()
