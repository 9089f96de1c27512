;;; emacs_jsonrpc.el --- drive the Ordo engine with Emacs's own jsonrpc.el  -*- lexical-binding: t -*-

;; jsonrpc.el ships with Emacs 27+ and speaks JSON-RPC 2.0 with LSP framing
;; (Content-Length headers) over a process's pipes.  Run in batch:
;;
;;   ORDO_BIN=/path/to/ordo ORDO_INTEROP_OUT=/tmp/out emacs --batch -Q -l emacs_jsonrpc.el
;;
;; ORDO_ARGS adds engine flags; ordo_interop.el says what ORDO_INTEROP_OUT receives.

;;; Code:

(require 'cl-lib)
(require 'json)
(require 'jsonrpc)

(load (expand-file-name "ordo_interop" (file-name-directory load-file-name)) nil t)

(defun ordo-interop-run ()
  "Start the engine, call it, stop it, report what happened."
  (let* ((command (cons (getenv "ORDO_BIN")
                        (split-string (or (getenv "ORDO_ARGS") "") " " t)))
         (shows '())
         (conn (make-instance
                'jsonrpc-process-connection
                :name "ordo"
                :process (lambda ()
                           (make-process
                            :name "ordo" :command command :connection-type 'pipe
                            :coding 'utf-8-emacs-unix :noquery t
                            :stderr (get-buffer-create "*ordo stderr*")))
                :notification-dispatcher
                (lambda (_conn method params)
                  (when (eq method 'alert.show)
                    (push (plist-get (plist-get params :alert) :id) shows)))))
         (process (jsonrpc--process conn)))
    (ordo-interop-report "client" (list :name "jsonrpc.el" :version emacs-version))
    ;; What an LSP-speaking client sends unprompted; the engine must ignore it quietly.
    (jsonrpc-notify conn :initialized nil)
    (jsonrpc-notify conn :$/setTrace '(:value "off"))
    (ordo-interop-report "ping" (jsonrpc-request conn :engine.ping nil :timeout 10))
    (dolist (layer '((:id "back" :sort 10) (:id "front" :sort 20)
                     (:id "middle" :sort 15) (:id "over-middle" :sort 15)))
      (jsonrpc-request conn :layer.add layer :timeout 10))
    (ordo-interop-report "paintOrder"
                         (plist-get (jsonrpc-request conn :layer.paintOrder nil :timeout 10)
                                    :ids))
    (let ((enqueued (jsonrpc-request conn :alert.enqueue '(:type "promo" :id "gift")
                                     :timeout 10)))
      (ordo-interop-report "enqueued" (plist-get (plist-get enqueued :alert) :id)))
    (ordo-interop-wait (lambda () shows) 5)
    (ordo-interop-report "shows" (vconcat (reverse shows)))
    (ordo-interop-report
     "notFound"
     (condition-case err
         (progn (jsonrpc-request conn :layer.get '(:id "nope") :timeout 10) nil)
       (jsonrpc-error (ordo-interop-describe err))))
    (jsonrpc-notify conn :$/cancelRequest '(:id 1))
    (ordo-interop-report
     "badParam"
     (condition-case err
         (progn (jsonrpc-request conn :layer.add '(:id "x" :sortt 1) :timeout 10) nil)
       (jsonrpc-error (ordo-interop-describe err))))
    (ordo-interop-report
     "shutdownError"
     (condition-case err
         (progn (jsonrpc-request conn :shutdown nil :timeout 10) nil)
       (jsonrpc-error (ordo-interop-describe err))))
    (jsonrpc-notify conn :exit nil)
    (ordo-interop-wait (lambda () (not (process-live-p process))) 10)
    (ordo-interop-report "exit" (unless (process-live-p process) (process-exit-status process)))
    ;; The engine's stderr comes through a pipe process of its own: read it to the end.
    (let ((stderr (jsonrpc-stderr-buffer conn)))
      (ordo-interop-wait (lambda () (not (process-live-p (get-buffer-process stderr)))) 10)
      (ordo-interop-report "stderr" (with-current-buffer stderr (buffer-string))))))

(condition-case err
    (ordo-interop-run)
  (error (ordo-interop-report "failure" (error-message-string err))))

;;; emacs_jsonrpc.el ends here
