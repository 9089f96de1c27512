;;; emacs_lsp_mode.el --- drive the Ordo engine with lsp-mode, Emacs's other LSP client  -*- lexical-binding: t -*-

;; lsp-mode (emacs-lsp, Debian's elpa-lsp-mode) is not built into Emacs.  The script
;; registers the engine as an lsp-mode client (`lsp-register-client', `make-lsp-client',
;; `lsp-stdio-connection'), opens a scratch file of a scratch project with `lsp', and calls
;; the engine through lsp-mode's own functions: `lsp-request' (which keeps an error's
;; message only), `lsp-request-async' (whose error handler gets the error whole),
;; `lsp-notify', and a notification handler of the client for `alert.show'.  lsp-mode runs
;; the LSP lifecycle itself (initialize with InitializeParams, initialized,
;; textDocument/didOpen for the buffer; `lsp-workspace-shutdown': shutdown then exit).
;; ordo_interop.el says how to run it.

;;; Code:

(require 'cl-lib)
(require 'json)
(require 'lisp-mnt)

;; Set before lsp-mode loads:
;; - no client packages of its own (`lsp' would load the hundred it ships);
;; - its session file (the projects it knows) in the private HOME the test gives it;
;; - no restart prompt when the engine ends (`lsp-restart' would ask in the minibuffer);
;; - no file watches, and no `lsp-auto-configure': its features (completion, modeline,
;;   headerline, lenses) are for interactive editing, and one of them fails in batch
;;   (void-function lsp-modeline-workspace-status-mode) inside the initialize callback;
;;   the messages lsp-mode exchanges with the engine are the same either way;
;; - no snippets (they need yasnippet, which lsp-mode would warn about).
(defvar lsp-client-packages nil)
(defvar lsp-session-file (expand-file-name "lsp-session" (getenv "HOME")))
(defvar lsp-restart 'ignore)
(defvar lsp-enable-file-watchers nil)
(defvar lsp-auto-configure nil)
(defvar lsp-enable-snippet nil)
(require 'lsp-mode)

;; The scratch file's language, which lsp-mode's textDocument/didOpen names.
(add-to-list 'lsp-language-id-configuration '("\\.ordo\\'" . "ordo"))

(load (expand-file-name "ordo_interop" (file-name-directory load-file-name)) nil t)

;; Reported through lsp-mode's own serializer: what it hands back holds hash tables.
(setq ordo-interop-encode (lambda (value) (lsp--json-serialize value))) ; a macro in lsp-mode 8

(defvar ordo-interop--shows '())
(defvar ordo-interop--sent '())
(defvar ordo-interop--received '())
(defvar ordo-interop--messages '())
(defvar ordo-interop--warnings '())

;; What lsp-mode writes to the engine, in order: every message goes through
;; `lsp--make-message' as a plist (a request's with its :id).
(advice-add 'lsp--make-message :before
            (lambda (message) (push message ordo-interop--sent)))

;; What lsp-mode reads from the engine, in order, as it parsed it (a hash table; lsp-mode
;; reads JSON's false as nil, so a false comes back as null in the report).
(advice-add 'lsp--parser-on-message :before
            (lambda (json-data _workspace) (push json-data ordo-interop--received)))

;; What lsp-mode tells its user (`lsp--info', `lsp--warn', `lsp--error'), each as
;; (:level L :text T), L being the face of its "LSP" prefix: success, warning or error.
(advice-add 'lsp--message :before
            (lambda (format &rest args)
              (push (list :level (let ((prefix (car args)))
                                   (and (stringp prefix)
                                        (symbol-name (get-text-property 0 'face prefix))))
                          :text (substring-no-properties (apply #'format format args)))
                    ordo-interop--messages)))

;; What lsp-mode warns about (`lsp-warn': an unknown notification or request, a buffer
;; without a language id, say).
(advice-add 'display-warning :before
            (lambda (type message &rest _)
              (push (format "%s: %s" type message) ordo-interop--warnings)))

(defun ordo-interop-request (method params)
  "Send METHOD with PARAMS through `lsp-request-async'; wait for its result or error.
Returns (:result R) or (:error E), E being the JSON-RPC error object as lsp-mode hands it
to an error handler."
  (let (outcome)
    (lsp-request-async method params
                       (lambda (result) (setq outcome (list :result result)))
                       :error-handler (lambda (err) (setq outcome (list :error err)))
                       :mode 'detached)
    (ordo-interop-wait (lambda () outcome) 10)
    (or outcome (error "No answer to %s" method))))

(defun ordo-interop-describe (err)
  "The code, data and lsp-mode's own wording of the JSON-RPC error ERR."
  (list :code (lsp:json-error-code err)
        :data (lsp:json-error-data? err)
        :text (lsp--error-string err)))

(defun ordo-interop-run ()
  "Start the engine through lsp-mode, call it, stop it, report what happened."
  (let* ((dir (file-name-as-directory (make-temp-file "ordo-lsp-mode" t)))
         (command `(,(getenv "ORDO_BIN") ,@(split-string (or (getenv "ORDO_ARGS") "") " " t)))
         (file (expand-file-name "scratch.ordo" dir))
         workspace process stderr)
    (lsp-register-client
     (make-lsp-client
      :new-connection (lsp-stdio-connection (lambda () command))
      :activation-fn (lsp-activate-on "ordo")
      :server-id 'ordo
      :initialization-options (lambda () (list :clock "manual"))
      :notification-handlers
      (ht ("alert.show"
           (lambda (_workspace params)
             (push (lsp-get (lsp-get params :alert) :id) ordo-interop--shows))))))
    ;; The scratch project: a folder of the session, so that `lsp' asks no question.
    (push (directory-file-name dir) (lsp-session-folders (lsp-session)))
    (write-region "" nil file nil 'silent)
    (with-current-buffer (find-file-noselect file)
      (fundamental-mode)
      (lsp)
      (setq workspace (car (lsp-workspaces)))
      (unless workspace (error "lsp-mode started no workspace"))
      (setq process (lsp--workspace-proc workspace)
            stderr (get-buffer (format "*%s::stderr*" (process-name process))))
      ;; lsp-mode keeps the engine's stderr in a buffer, which it kills when the engine
      ;; exits 0: keep it, to read it to the end below.
      (with-current-buffer stderr
        (add-hook 'kill-buffer-query-functions #'ignore nil t))
      (ordo-interop-wait (lambda () (eq (lsp--workspace-status workspace) 'initialized)) 10)
      (ordo-interop-report "client"
                           (list :name "lsp-mode"
                                 :version (format "%s on Emacs %s"
                                                  (lm-version (locate-library "lsp-mode.el" t))
                                                  emacs-version)))
      (ordo-interop-report "status" (symbol-name (lsp--workspace-status workspace)))
      (ordo-interop-report "capabilities" (lsp--workspace-server-capabilities workspace))
      (ordo-interop-report "ping" (lsp-request "engine.ping" nil))
      (ordo-interop-report "clock" (lsp-request "clock.now" nil))
      (dolist (layer '((:id "back" :sort 10) (:id "front" :sort 20)
                       (:id "middle" :sort 15) (:id "over-middle" :sort 15)))
        (lsp-request "layer.add" layer))
      (ordo-interop-report "paintOrder" (lsp-get (lsp-request "layer.paintOrder" nil) :ids))
      (let ((enqueued (lsp-request "alert.enqueue" '(:type "promo" :id "gift"))))
        (ordo-interop-report "enqueued" (lsp-get (lsp-get enqueued :alert) :id)))
      (ordo-interop-wait (lambda () ordo-interop--shows) 5)
      (ordo-interop-report "shows" (vconcat (reverse ordo-interop--shows)))
      (ordo-interop-report "notFound"
                           (let ((outcome (ordo-interop-request "layer.get" '(:id "nope"))))
                             (when (eq (car outcome) :error)
                               (ordo-interop-describe (cadr outcome)))))
      (ordo-interop-report "badParam"
                           (let ((outcome (ordo-interop-request "layer.add"
                                                                '(:id "x" :sortt 1))))
                             (when (eq (car outcome) :error)
                               (ordo-interop-describe (cadr outcome)))))
      ;; `lsp-request' keeps the message of an error only, in a plain `error'.
      (ordo-interop-report "badParamSync"
                           (condition-case err
                               (progn (lsp-request "layer.add" '(:id "x" :sortt 1)) nil)
                             (error (error-message-string err))))
      (lsp-notify "$/setTrace" '(:value "off"))
      (lsp-notify "$/cancelRequest" '(:id 1))
      ;; `lsp-workspace-shutdown' sends shutdown, then exit, then kills the process at once
      ;; (`lsp--uninitialize-workspace'), so the exit status it leaves would be signal 9,
      ;; whatever the engine does: for this call, that kill waits for the engine to end.
      (cl-letf* ((kill (symbol-function 'kill-process))
                 ((symbol-function 'kill-process)
                  (lambda (&optional proc &rest args)
                    (ordo-interop-wait (lambda () (not (process-live-p proc))) 10)
                    (when (process-live-p proc) (apply kill proc args)))))
        (lsp-workspace-shutdown workspace))
      (ordo-interop-wait (lambda () (not (process-live-p process))) 10)
      (ordo-interop-report "exit" (unless (process-live-p process)
                                    (if (eq (process-status process) 'exit)
                                        (process-exit-status process)
                                      (format "%s %s" (process-status process)
                                              (process-exit-status process))))))
    ;; The engine's stderr comes through a pipe process of its own: read it to the end.
    (ordo-interop-wait (lambda () (not (process-live-p (get-buffer-process stderr)))) 10)
    ;; lsp-mode's sentinel says how the engine ended ("ordo has exited (finished)").
    (ordo-interop-wait (lambda () (cl-some (lambda (message)
                                             (string-match-p " has exited "
                                                             (plist-get message :text)))
                                           ordo-interop--messages))
                       10)
    (ordo-interop-report "sent" (vconcat (reverse ordo-interop--sent)))
    (ordo-interop-report "received" (vconcat (reverse ordo-interop--received)))
    (ordo-interop-report "messages" (vconcat (reverse ordo-interop--messages)))
    (ordo-interop-report "warnings" (vconcat (reverse ordo-interop--warnings)))
    (ordo-interop-report "stderr" (with-current-buffer stderr (buffer-string)))
    (delete-directory dir t)))

(condition-case err
    (ordo-interop-run)
  (error (ordo-interop-report "failure" (error-message-string err))))

;;; emacs_lsp_mode.el ends here
