"""jupyter_kernel_test conformance suite for the gophernote kernel.

Run by conformance_test.go with JUPYTER_PATH pointing at a temporary
kernelspec install. Prints one JSON summary line (prefix "SUMMARY ") that
the Go test checks: no failures or errors, and only the skips listed in
EXPECTED_SKIPS, each with its reason.
"""

import json
import sys
import unittest

import jupyter_kernel_test


class GophernoteKernelTests(jupyter_kernel_test.KernelTests):
    kernel_name = "gophernote"
    language_name = "go"
    file_extension = ".go"

    code_hello_world = 'import "fmt"\nfmt.Println("hello, world")'
    code_stderr = 'import (\n\t"fmt"\n\t"os"\n)\nfmt.Fprintln(os.Stderr, "to stderr")'

    completion_samples = [
        {"text": "fmt.Printl", "matches": {"Println"}},
        {"text": "strings.HasP", "matches": {"HasPrefix"}},
    ]

    complete_code_samples = ["x := 1", "fmt.Println(1)", "func f() int { return 1 }", "type T struct{ A int }"]
    incomplete_code_samples = ["func g() {", "for i := 0; i < 3; i++ {", "x := []int{1,\n", "y := (1 +"]
    invalid_code_samples = ["x := )", "func ) {}", "1 +* 2 }"]

    code_generate_error = "var zz int = \"not an int\""

    code_execute_result = [
        {"code": "1 + 2", "result": "3"},
        {"code": "6 * 7", "result": "42"},
        {"code": '"go" + "pher"', "result": "gopher"},
    ]

    code_display_data = [
        {"code": 'import "github.com/gophernote/gophernote/kernel/display"\ndisplay.HTML("<b>hi</b>")', "mime": "text/html"},
        {"code": 'display.Markdown("**hi**")', "mime": "text/markdown"},
    ]

    code_history_pattern = "1 + *"
    supported_history_operations = ("tail", "range", "search")

    code_inspect_sample = "fmt.Println"

    code_clear_output = "display.Clear(false)"

    # gophernote does not produce pager payloads: documentation is served
    # through inspect_request (tested by test_inspect), which is what
    # notebook front ends use; there is no `?` help syntax in Go cells.
    def test_pager(self):
        raise unittest.SkipTest("no pager payloads: docs go through inspect_reply")


class SummaryResult(unittest.TextTestResult):
    pass


def main():
    suite = unittest.defaultTestLoader.loadTestsFromTestCase(GophernoteKernelTests)
    runner = unittest.TextTestRunner(stream=sys.stderr, verbosity=2, resultclass=SummaryResult)
    result = runner.run(suite)
    summary = {
        "run": result.testsRun,
        "failures": [[str(t), tb] for t, tb in result.failures],
        "errors": [[str(t), tb] for t, tb in result.errors],
        "skipped": [[str(t), reason] for t, reason in result.skipped],
        "names": [str(t) for t in suite],
    }
    print("SUMMARY " + json.dumps(summary))
    sys.exit(0 if result.wasSuccessful() else 1)


if __name__ == "__main__":
    main()
