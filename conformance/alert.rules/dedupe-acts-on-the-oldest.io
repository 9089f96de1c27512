# Dedupe replace in detail. protocol.md, Dedupe: "with several active alerts of that key
# (made with `allow`), dedupe acts on the oldest. `replace` takes `priority` only from the
# request, never from the type. Every other member of the request is ignored: its `id` ...,
# `delayMs`/`at`, `ttlMs`, `durationMs`, `scope`, `preempt`, `persist`, `mount` and the limit
# members"; "A dedupe match is never limited." Alert methods: checks in this order: params,
# "`mount.parent` (even when dedupe or a limit will decide), the dedupe, ...".
## args: --clock manual
# Type T: priority 7, never shown (max 0). Paused, k1 (priority 1) and k2 (2, allow) both
# wait, each enqueued unlimited.
>> {"jsonrpc":"2.0","id":1,"method":"alert.defineType","params":{"type":"T","priority":7,"limit":{"max":0}}}
<< {"jsonrpc":"2.0","id":1,"result":{"type":"T","priority":7,"scope":null,"durationMs":null,"ttlMs":null,"queue":null,"persist":null,"limit":{"max":0,"windowMs":null,"per":null},"cooldownMs":null,"onLimit":null}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.pause","params":{}}
<< {"jsonrpc":"2.0","id":2,"result":{"paused":true,"reasons":["default"]}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"T","id":"k1","key":"k","priority":1,"limit":null}}
<< {"jsonrpc":"2.0","id":3,"result":{"alert":{"id":"k1","queue":"default","type":"T","priority":1,"state":"pending","scope":null,"key":"k","data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"T","id":"k2","key":"k","priority":2,"limit":null,"onDuplicate":"allow"}}
<< {"jsonrpc":"2.0","id":4,"result":{"alert":{"id":"k2","queue":"default","type":"T","priority":2,"state":"pending","scope":null,"key":"k","data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
# A replace with many members: k1 (the oldest) takes only the data; its priority stays 1
# (not the type's 7), no schedule, TTL, auto-hide, scope or persist; not limited by the
# type's max 0; no alert "zzz" was made.
>> {"jsonrpc":"2.0","id":5,"method":"alert.enqueue","params":{"type":"T","id":"zzz","key":"k","data":{"v":1},"delayMs":500,"ttlMs":5,"durationMs":9,"scope":"x","preempt":true,"persist":true}}
<< {"jsonrpc":"2.0","id":5,"result":{"alert":{"id":"k1","queue":"default","type":"T","priority":1,"state":"pending","scope":null,"key":"k","data":{"v":1},"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"replaced"}}
>> {"jsonrpc":"2.0","id":6,"method":"alert.get","params":{"id":"zzz"}}
<< {"jsonrpc":"2.0","id":6,"error":{"code":-32001,"message":"$any:string","data":{"kind":"alert","id":"zzz"}}}
# An unknown mount.parent is refused before the dedupe is looked at.
>> {"jsonrpc":"2.0","id":7,"method":"alert.enqueue","params":{"type":"T","key":"k","mount":{"parent":"nope","sort":0}}}
<< {"jsonrpc":"2.0","id":7,"error":{"code":-32001,"message":"$any:string","data":{"kind":"layer","id":"nope"}}}
# Resumed: k2 (2) shows before k1 (1). A replace raising the priority still acts on k1, the
# oldest, not on the showing k2: no alert.update, and no preemption (the request's
# preempt is ignored; k1 was enqueued without it), so k1 waits with priority 9.
>> {"jsonrpc":"2.0","id":8,"method":"alert.resume","params":{}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"k2","queue":"default","type":"T","priority":2,"state":"showing","scope":null,"key":"k","data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":8,"result":{"paused":false,"reasons":[]}}
>> {"jsonrpc":"2.0","id":9,"method":"alert.enqueue","params":{"type":"T","key":"k","priority":9,"preempt":true}}
<< {"jsonrpc":"2.0","id":9,"result":{"alert":{"id":"k1","queue":"default","type":"T","priority":9,"state":"pending","scope":null,"key":"k","data":{"v":1},"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"replaced"}}
>> {"jsonrpc":"2.0","id":10,"method":"alert.list"}
<< {"jsonrpc":"2.0","id":10,"result":{"alerts":[{"id":"k2","queue":"default","type":"T","priority":2,"state":"showing","scope":null,"key":"k","data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},{"id":"k1","queue":"default","type":"T","priority":9,"state":"pending","scope":null,"key":"k","data":{"v":1},"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false}]}}
