# preempt: an eligible alert enqueued with preempt true whose priority is strictly greater
# than the lowest-priority showing alert of a full queue displaces it (alert.hide reason
# preempted; it becomes suspended and later shows again with resumed true). An equal
# priority does not preempt, nor does a higher one without preempt. A suspended alert
# keeps its seq: it goes before a pending one of the same priority enqueued after it.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"t","id":"low","priority":1}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"low","queue":"default","type":"t","priority":1,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":1,"result":{"alert":{"id":"low","queue":"default","type":"t","priority":1,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"t","id":"same","priority":1,"preempt":true}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"same","queue":"default","type":"t","priority":1,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"t","id":"urgent","priority":5,"preempt":true}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"low","queue":"default","reason":"preempted","at":0}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"urgent","queue":"default","type":"t","priority":5,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":3,"result":{"alert":{"id":"urgent","queue":"default","type":"t","priority":5,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"t","id":"polite","priority":9}}
<< {"jsonrpc":"2.0","id":4,"result":{"alert":{"id":"polite","queue":"default","type":"t","priority":9,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":4,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.get","params":{"id":"low"}}
<< {"jsonrpc":"2.0","id":5,"result":{"id":"low","queue":"default","type":"t","priority":1,"state":"suspended","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null}}
>> {"jsonrpc":"2.0","id":6,"method":"alert.complete","params":{"id":"urgent"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"polite","queue":"default","type":"t","priority":9,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":4,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":6,"result":{"id":"urgent","queue":"default","type":"t","priority":5,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":1,"mount":null}}
>> {"jsonrpc":"2.0","id":7,"method":"alert.complete","params":{"id":"polite"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"low","queue":"default","type":"t","priority":1,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":2,"mount":null},"resumed":true,"at":0}}
<< {"jsonrpc":"2.0","id":7,"result":{"id":"polite","queue":"default","type":"t","priority":9,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":4,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":1,"mount":null}}
>> {"jsonrpc":"2.0","id":8,"method":"alert.complete","params":{"id":"low"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"same","queue":"default","type":"t","priority":1,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":8,"result":{"id":"low","queue":"default","type":"t","priority":1,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":2,"mount":null}}
>> {"jsonrpc":"2.0","id":9,"method":"alert.complete","params":{"id":"same"}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"default","at":0}}
<< {"jsonrpc":"2.0","id":9,"result":{"id":"same","queue":"default","type":"t","priority":1,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":1,"mount":null}}
