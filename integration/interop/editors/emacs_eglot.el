;;; emacs_eglot.el --- drive the Ordo engine with Eglot, Emacs's LSP client  -*- lexical-binding: t -*-

;; Eglot is built into Emacs 29+; for Emacs 28 Debian packages it as elpa-eglot.  Eglot
;; runs the LSP lifecycle itself (initialize with InitializeParams, initialized,
;; workspace/didChangeConfiguration, shutdown + exit).  ordo_interop.el says how to run it.

;;; Code:

(require 'cl-lib)
(require 'json)
(require 'lisp-mnt)
(require 'eglot)

(load (expand-file-name "ordo_interop" (file-name-directory load-file-name)) nil t)
(defvar ordo-interop--shows '())

;; Eglot hands every server notification to this generic function, one method each.
(cl-defmethod eglot-handle-notification
  (_server (_method (eql alert.show)) &key alert &allow-other-keys)
  "Record the id of the ALERT that Ordo asks to show."
  (push (plist-get alert :id) ordo-interop--shows))

(defun ordo-interop-run ()
  "Start the engine through Eglot, call it, stop it, report what happened."
  (let* ((dir (make-temp-file "ordo-eglot" t))
         (default-directory (file-name-as-directory dir))
         (contact `(,(getenv "ORDO_BIN")
                    ,@(split-string (or (getenv "ORDO_ARGS") "") " " t)
                    :initializationOptions (:clock "manual")))
         (eglot-autoreconnect nil)      ; the engine's exit below is expected
         (server (eglot '(fundamental-mode) `(transient . ,default-directory)
                        'eglot-lsp-server contact "ordo"))
         (process (jsonrpc--process server))
         (stderr (jsonrpc-stderr-buffer server)))
    (ordo-interop-report "client" (list :name "eglot"
                                            :version (format "%s on Emacs %s"
                                                             (lm-version (locate-library
                                                                          "eglot.el" t))
                                                             emacs-version)))
    (ordo-interop-report "initialize" (list :serverInfo (eglot--server-info server)))
    (ordo-interop-report "ping" (jsonrpc-request server :engine.ping nil :timeout 10))
    (ordo-interop-report "clock" (jsonrpc-request server :clock.now nil :timeout 10))
    (dolist (layer '((:id "back" :sort 10) (:id "front" :sort 20)
                     (:id "middle" :sort 15) (:id "over-middle" :sort 15)))
      (jsonrpc-request server :layer.add layer :timeout 10))
    (ordo-interop-report "paintOrder"
                         (plist-get (jsonrpc-request server :layer.paintOrder nil :timeout 10)
                                    :ids))
    (let ((enqueued (jsonrpc-request server :alert.enqueue '(:type "promo" :id "gift")
                                     :timeout 10)))
      (ordo-interop-report "enqueued" (plist-get (plist-get enqueued :alert) :id)))
    (ordo-interop-wait (lambda () ordo-interop--shows) 5)
    (ordo-interop-report "shows" (vconcat (reverse ordo-interop--shows)))
    (ordo-interop-report
     "notFound"
     (condition-case err
         (progn (jsonrpc-request server :layer.get '(:id "nope") :timeout 10) nil)
       (jsonrpc-error (ordo-interop-describe err))))
    (ordo-interop-report
     "badParam"
     (condition-case err
         (progn (jsonrpc-request server :layer.add '(:id "x" :sortt 1) :timeout 10) nil)
       (jsonrpc-error (ordo-interop-describe err))))
    (jsonrpc-notify server :$/setTrace '(:value "off"))
    (jsonrpc-notify server :$/cancelRequest '(:id 1))
    ;; shutdown, then exit: the two messages `eglot-shutdown' sends.  `eglot-shutdown'
    ;; itself kills the process right after writing exit (`jsonrpc-shutdown' calls
    ;; `delete-process'), so the exit status it leaves is signal 9, whatever the engine does.
    (ordo-interop-report
     "shutdownError"
     (condition-case err
         (progn (jsonrpc-request server :shutdown nil :timeout 10) nil)
       (jsonrpc-error (ordo-interop-describe err))))
    (jsonrpc-notify server :exit nil)
    (ordo-interop-wait (lambda () (not (process-live-p process))) 10)
    (ordo-interop-report "exit" (unless (process-live-p process)
                                  (if (eq (process-status process) 'exit)
                                      (process-exit-status process)
                                    (format "%s %s" (process-status process)
                                            (process-exit-status process)))))
    ;; The engine's stderr comes through a pipe process of its own: read it to the end.
    (ordo-interop-wait (lambda () (not (process-live-p (get-buffer-process stderr)))) 10)
    (ordo-interop-report "stderr" (with-current-buffer stderr (buffer-string)))
    (delete-directory dir t)))

(condition-case err
    (ordo-interop-run)
  (error (ordo-interop-report "failure" (error-message-string err))))

;;; emacs_eglot.el ends here
