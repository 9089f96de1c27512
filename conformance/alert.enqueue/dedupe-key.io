# A dedupe key: with an alert of the same key and queue still active, "replace" (the
# default) updates its data and priority where given and returns it (alert.update when it
# shows), "ignore" returns it unchanged, "error" is -32002 (kind key), "allow" queues
# another. A key is free again once its alert has ended; another queue has its own keys.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"t","id":"one","key":"k","data":{"v":1}}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"one","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":"k","data":{"v":1},"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":1,"result":{"alert":{"id":"one","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":"k","data":{"v":1},"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"t","id":"two","key":"k","data":{"v":2},"priority":4}}
<< {"jsonrpc":"2.0","method":"alert.update","params":{"alert":{"id":"one","queue":"default","type":"t","priority":4,"state":"showing","scope":null,"key":"k","data":{"v":2},"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null},"at":0}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"one","queue":"default","type":"t","priority":4,"state":"showing","scope":null,"key":"k","data":{"v":2},"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null},"disposition":"replaced"}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"t","key":"k","data":{"v":3},"onDuplicate":"ignore"}}
<< {"jsonrpc":"2.0","id":3,"result":{"alert":{"id":"one","queue":"default","type":"t","priority":4,"state":"showing","scope":null,"key":"k","data":{"v":2},"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null},"disposition":"ignored"}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"t","key":"k","onDuplicate":"error"}}
<< {"jsonrpc":"2.0","id":4,"error":{"code":-32002,"message":"$any:string","data":{"kind":"key","id":"k"}}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.enqueue","params":{"type":"t","id":"three","key":"k","onDuplicate":"allow"}}
<< {"jsonrpc":"2.0","id":5,"result":{"alert":{"id":"three","queue":"default","type":"t","priority":0,"state":"pending","scope":null,"key":"k","data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":6,"method":"alert.enqueue","params":{"type":"t","id":"elsewhere","key":"k","queue":"toast","onDuplicate":"error"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"elsewhere","queue":"toast","type":"t","priority":0,"state":"showing","scope":null,"key":"k","data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":6,"result":{"alert":{"id":"elsewhere","queue":"toast","type":"t","priority":0,"state":"showing","scope":null,"key":"k","data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":7,"method":"alert.enqueue","params":{"type":"t","key":"p","id":"waiting"}}
<< {"jsonrpc":"2.0","id":7,"result":{"alert":{"id":"waiting","queue":"default","type":"t","priority":0,"state":"pending","scope":null,"key":"p","data":null,"result":null,"seq":4,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":8,"method":"alert.enqueue","params":{"type":"t","key":"p","data":"new"}}
<< {"jsonrpc":"2.0","id":8,"result":{"alert":{"id":"waiting","queue":"default","type":"t","priority":0,"state":"pending","scope":null,"key":"p","data":"new","result":null,"seq":4,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null},"disposition":"replaced"}}
>> {"jsonrpc":"2.0","id":9,"method":"alert.cancel","params":{"key":"k","queue":"default"}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"one","queue":"default","reason":"cancelled","at":0}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"waiting","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":"p","data":"new","result":null,"seq":4,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":9,"result":{"cancelled":["one","three"]}}
>> {"jsonrpc":"2.0","id":10,"method":"alert.enqueue","params":{"type":"t","id":"four","key":"k","onDuplicate":"error"}}
<< {"jsonrpc":"2.0","id":10,"result":{"alert":{"id":"four","queue":"default","type":"t","priority":0,"state":"pending","scope":null,"key":"k","data":null,"result":null,"seq":5,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null},"disposition":"queued"}}
