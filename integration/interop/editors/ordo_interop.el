;;; ordo_interop.el --- what the Emacs scripts of integration/interop share  -*- lexical-binding: t -*-

;; Loaded by emacs_jsonrpc.el, emacs_eglot.el and emacs_lsp_mode.el from their own
;; directory: where each writes its observations (ORDO_INTEROP_OUT, one line `key <json>'
;; each, which integration/interop/test_editors.py judges), and how it waits for the engine.
;; Eglot's and lsp-mode's scripts run in batch without -Q (Debian's site start-up puts its
;; elpa packages on the load path), ORDO_ARGS adding engine flags:
;;
;;   ORDO_BIN=/path/to/ordo ORDO_INTEROP_OUT=/tmp/out emacs --batch -l emacs_eglot.el

;;; Code:

(require 'json)

(defvar ordo-interop--out (getenv "ORDO_INTEROP_OUT"))

(defvar ordo-interop-encode
  (lambda (value)
    (let ((json-encoding-pretty-print nil))
      (json-encode value)))
  "How a value becomes one line of JSON (lsp-mode's scripts use lsp-mode's own, for its
hash tables).")

(defun ordo-interop-report (key value)
  "Append KEY and VALUE (a plist, vector, string, number, t or nil) as one line."
  (write-region (format "%s %s\n" key (funcall ordo-interop-encode value))
                nil ordo-interop--out t 'silent))

(defun ordo-interop-describe (err)
  "The code, data and printed form of the `jsonrpc-error' ERR."
  (let ((details (cdr err)))
    (list :code (alist-get 'jsonrpc-error-code details)
          :data (alist-get 'jsonrpc-error-data details)
          :text (error-message-string err))))

(defun ordo-interop-wait (predicate seconds)
  "Process input until PREDICATE is non-nil or SECONDS have passed."
  (let ((deadline (+ (float-time) seconds)))
    (while (and (not (funcall predicate)) (< (float-time) deadline))
      (accept-process-output nil 0.05))))

(provide 'ordo_interop)
;;; ordo_interop.el ends here
