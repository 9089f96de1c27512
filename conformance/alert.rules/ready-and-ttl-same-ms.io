# Readiness and expiry due at the same ms: the alert becomes ready, the queue pumps, and
# only then do expiries apply to what still waits. ttlMs 0 is "show now or never": it
# shows in a free queue and expires at once in a full one (a request's own changes, then
# one pump, then the expiries due at that ms). later (delayMs 50, ttlMs 50) becomes ready
# at 50 with the slot free: it shows rather than expires.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"t","id":"now","ttlMs":0}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"now","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":0,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":1,"result":{"alert":{"id":"now","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":0,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"t","id":"never","ttlMs":0}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"never","queue":"default","type":"t","priority":0,"state":"expired","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":0,"durationMs":null,"shownAt":null,"endedAt":0,"endReason":"expired","shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.get","params":{"id":"never"}}
<< {"jsonrpc":"2.0","id":3,"result":{"id":"never","queue":"default","type":"t","priority":0,"state":"expired","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":0,"durationMs":null,"shownAt":null,"endedAt":0,"endReason":"expired","shownCount":0,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"t","id":"later","delayMs":50,"ttlMs":50}}
<< {"jsonrpc":"2.0","id":4,"result":{"alert":{"id":"later","queue":"default","type":"t","priority":0,"state":"scheduled","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":50,"expiresAt":50,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.complete","params":{"id":"now"}}
<< {"jsonrpc":"2.0","id":5,"result":{"id":"now","queue":"default","type":"t","priority":0,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":0,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":6,"method":"clock.advance","params":{"ms":50}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"later","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":50,"expiresAt":50,"durationMs":null,"shownAt":50,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":50}}
<< {"jsonrpc":"2.0","id":6,"result":{"now":50}}
>> {"jsonrpc":"2.0","id":7,"method":"alert.complete","params":{"id":"later"}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"default","at":50}}
<< {"jsonrpc":"2.0","id":7,"result":{"id":"later","queue":"default","type":"t","priority":0,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":50,"expiresAt":50,"durationMs":null,"shownAt":50,"endedAt":50,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
