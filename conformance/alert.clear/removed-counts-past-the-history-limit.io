# alert.clear's `removed` counts every alert it forgets, not what the queue's history could
# hold: with historyLimit 2, clearing an alert already ended (e0) and four active ones (a
# showing, b, c, d waiting) removes 5, though cancelling them would keep only 2 ended. The
# showing one is hidden (cancelled) and the queue goes idle; nothing of q is left to list.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.configure","params":{"queue":"q","historyLimit":2}}
<< {"jsonrpc":"2.0","id":1,"result":{"queue":"q","maxConcurrent":1,"minGapMs":0,"historyLimit":2}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"t","id":"e0","queue":"q"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"e0","queue":"q","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"e0","queue":"q","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.complete","params":{"id":"e0"}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"q","at":0}}
<< {"jsonrpc":"2.0","id":3,"result":{"id":"e0","queue":"q","type":"t","priority":0,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"t","id":"a","queue":"q"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"a","queue":"q","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":4,"result":{"alert":{"id":"a","queue":"q","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.enqueue","params":{"type":"t","id":"b","queue":"q"}}
<< {"jsonrpc":"2.0","id":5,"result":{"alert":{"id":"b","queue":"q","type":"t","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":6,"method":"alert.enqueue","params":{"type":"t","id":"c","queue":"q"}}
<< {"jsonrpc":"2.0","id":6,"result":{"alert":{"id":"c","queue":"q","type":"t","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":4,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":7,"method":"alert.enqueue","params":{"type":"t","id":"d","queue":"q"}}
<< {"jsonrpc":"2.0","id":7,"result":{"alert":{"id":"d","queue":"q","type":"t","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":5,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":8,"method":"alert.clear","params":{"queue":"q"}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"a","queue":"q","reason":"cancelled","at":0}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"q","at":0}}
<< {"jsonrpc":"2.0","id":8,"result":{"removed":5}}
>> {"jsonrpc":"2.0","id":9,"method":"alert.list","params":{"queue":"q"}}
<< {"jsonrpc":"2.0","id":9,"result":{"alerts":[]}}
>> {"jsonrpc":"2.0","id":10,"method":"alert.get","params":{"id":"e0"}}
<< {"jsonrpc":"2.0","id":10,"error":{"code":-32001,"message":"$any:string","data":{"kind":"alert","id":"e0"}}}
