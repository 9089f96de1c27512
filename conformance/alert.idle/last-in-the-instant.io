# alert.idle comes last in its request or instant, after every show, hide and expiry of
# it, one per queue left empty, in the order the queues were first used. protocol.md, One
# instant, one decision: "`alert.idle` comes last, for each queue that became empty, in
# queue order"; Events: it is "sent once each time the queue goes from busy to empty".
# (Emptying and refilling a queue at one millisecond: alert.idle/same-ms-empty-and-refill.io.)
## args: --clock manual
# A cancel across two queues: q2's next alert shows before the default queue's idle.
>> {"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"t","id":"a"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":1,"result":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"t","id":"b","queue":"q2"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"b","queue":"q2","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"b","queue":"q2","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"t","id":"c","queue":"q2"}}
<< {"jsonrpc":"2.0","id":3,"result":{"alert":{"id":"c","queue":"q2","type":"t","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.cancel","params":{"ids":["a","b"]}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"a","queue":"default","reason":"cancelled","at":0}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"b","queue":"q2","reason":"cancelled","at":0}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"c","queue":"q2","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"default","at":0}}
<< {"jsonrpc":"2.0","id":4,"result":{"cancelled":["a","b"]}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.cancel","params":{"ids":["c"]}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"c","queue":"q2","reason":"cancelled","at":0}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"q2","at":0}}
<< {"jsonrpc":"2.0","id":5,"result":{"cancelled":["c"]}}
# At 100 the auto-hide in "default", the readiness in "later" and the expiry in B (paused,
# so X waits) fall together: hide, show, then the idles, last, default's (the first queue
# used) before B's; "later" was never empty (its alert was scheduled, then shows) and
# sends none until that alert ends at 150.
>> {"jsonrpc":"2.0","id":6,"method":"alert.pause","params":{"queue":"B"}}
<< {"jsonrpc":"2.0","id":6,"result":{"paused":true,"reasons":["default"]}}
>> {"jsonrpc":"2.0","id":7,"method":"alert.enqueue","params":{"type":"t","id":"S","durationMs":100}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"S","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":4,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":100,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":7,"result":{"alert":{"id":"S","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":4,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":100,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":8,"method":"alert.enqueue","params":{"type":"t","id":"X","queue":"B","ttlMs":100}}
<< {"jsonrpc":"2.0","id":8,"result":{"alert":{"id":"X","queue":"B","type":"t","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":5,"createdAt":0,"readyAt":null,"expiresAt":100,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":9,"method":"alert.enqueue","params":{"type":"t","id":"R","queue":"later","delayMs":100,"durationMs":50}}
<< {"jsonrpc":"2.0","id":9,"result":{"alert":{"id":"R","queue":"later","type":"t","priority":0,"state":"scheduled","scope":null,"key":null,"data":null,"result":null,"seq":6,"createdAt":0,"readyAt":100,"expiresAt":null,"durationMs":50,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":10,"method":"clock.advance","params":{"ms":200}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"S","queue":"default","reason":"timeout","at":100}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"R","queue":"later","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":6,"createdAt":0,"readyAt":100,"expiresAt":null,"durationMs":50,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":100}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"default","at":100}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"B","at":100}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"R","queue":"later","reason":"timeout","at":150}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"later","at":150}}
<< {"jsonrpc":"2.0","id":10,"result":{"now":200}}
