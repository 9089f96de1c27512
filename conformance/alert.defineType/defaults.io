# alert.defineType sets a type's defaults (priority, scope, durationMs, ttlMs, queue) for
# later enqueues; defining it again replaces them. Alerts already queued keep theirs.
# protocol.md, Types: "It gives the defaults that `alert.enqueue` uses where it leaves a
# member out"; "`defineType` replaces the type's whole definition (members left out become
# unset). It affects only alerts enqueued afterwards"; "A type's `scope`, `priority`,
# `durationMs` and `ttlMs` cannot be cleared per alert (a missing or `null` member on
# enqueue takes the type's)". Shown: durationMs (a), priority and queue, the durationMs
# the redefinition unset (b), a still with its 2000 (alert.get), scope and ttlMs (c,
# enqueued with ttlMs: null: it waits, a showing in its queue, and expires at 0 + 50);
# and -32602 for a definition without type, or with durationMs 0 (it must be >= 1).
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.defineType","params":{"type":"toast","durationMs":2000}}
<< {"jsonrpc":"2.0","id":1,"result":{"type":"toast","priority":null,"scope":null,"durationMs":2000,"ttlMs":null,"queue":null,"persist":null,"limit":null,"cooldownMs":null,"onLimit":null}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"toast","id":"a"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"a","queue":"default","type":"toast","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":2000,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"a","queue":"default","type":"toast","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":2000,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.defineType","params":{"type":"toast","priority":4,"queue":"toasts"}}
<< {"jsonrpc":"2.0","id":3,"result":{"type":"toast","priority":4,"scope":null,"durationMs":null,"ttlMs":null,"queue":"toasts","persist":null,"limit":null,"cooldownMs":null,"onLimit":null}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"toast","id":"b"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"b","queue":"toasts","type":"toast","priority":4,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":4,"result":{"alert":{"id":"b","queue":"toasts","type":"toast","priority":4,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.get","params":{"id":"a"}}
<< {"jsonrpc":"2.0","id":5,"result":{"id":"a","queue":"default","type":"toast","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":2000,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":6,"method":"alert.defineType","params":{"priority":4}}
<< {"jsonrpc":"2.0","id":6,"error":{"code":-32602,"message":"$any:string","data":{"path":"/type","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":7,"method":"alert.defineType","params":{"type":"x","durationMs":0}}
<< {"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"$any:string","data":{"path":"/durationMs","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":8,"method":"alert.defineType","params":{"type":"banner","scope":"room","ttlMs":50}}
<< {"jsonrpc":"2.0","id":8,"result":{"type":"banner","priority":null,"scope":"room","durationMs":null,"ttlMs":50,"queue":null,"persist":null,"limit":null,"cooldownMs":null,"onLimit":null}}
>> {"jsonrpc":"2.0","id":9,"method":"alert.enqueue","params":{"type":"banner","id":"c","ttlMs":null}}
<< {"jsonrpc":"2.0","id":9,"result":{"alert":{"id":"c","queue":"default","type":"banner","priority":0,"state":"pending","scope":"room","key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":50,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":10,"method":"clock.advance","params":{"ms":50}}
<< {"jsonrpc":"2.0","id":10,"result":{"now":50}}
>> {"jsonrpc":"2.0","id":11,"method":"alert.get","params":{"id":"c"}}
<< {"jsonrpc":"2.0","id":11,"result":{"id":"c","queue":"default","type":"banner","priority":0,"state":"expired","scope":"room","key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":50,"durationMs":null,"shownAt":null,"endedAt":50,"endReason":"expired","shownCount":0,"mount":null,"persist":false}}
