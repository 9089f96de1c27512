# alert.get answers an alert in any state, ended ones while they are in the queue's
# history (historyLimit); unknown or forgotten ids are -32001.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.configure","params":{"historyLimit":1}}
<< {"jsonrpc":"2.0","id":1,"result":{"queue":"default","maxConcurrent":1,"minGapMs":0,"historyLimit":1}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"t","id":"a","data":{"k":1}}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":{"k":1},"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":{"k":1},"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.get","params":{"id":"a"}}
<< {"jsonrpc":"2.0","id":3,"result":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":{"k":1},"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.complete","params":{"id":"a","result":"ok"}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"default","at":0}}
<< {"jsonrpc":"2.0","id":4,"result":{"id":"a","queue":"default","type":"t","priority":0,"state":"done","scope":null,"key":null,"data":{"k":1},"result":"ok","seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.get","params":{"id":"a"}}
<< {"jsonrpc":"2.0","id":5,"result":{"id":"a","queue":"default","type":"t","priority":0,"state":"done","scope":null,"key":null,"data":{"k":1},"result":"ok","seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":6,"method":"alert.enqueue","params":{"type":"t","id":"b"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"b","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":6,"result":{"alert":{"id":"b","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":7,"method":"alert.cancel","params":{"id":"b"}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"b","queue":"default","reason":"cancelled","at":0}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"default","at":0}}
<< {"jsonrpc":"2.0","id":7,"result":{"cancelled":["b"]}}
>> {"jsonrpc":"2.0","id":8,"method":"alert.get","params":{"id":"b"}}
<< {"jsonrpc":"2.0","id":8,"result":{"id":"b","queue":"default","type":"t","priority":0,"state":"cancelled","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"cancelled","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":9,"method":"alert.get","params":{"id":"a"}}
<< {"jsonrpc":"2.0","id":9,"error":{"code":-32001,"message":"$any:string","data":{"kind":"alert","id":"a"}}}
>> {"jsonrpc":"2.0","id":10,"method":"alert.get","params":{"id":"zz"}}
<< {"jsonrpc":"2.0","id":10,"error":{"code":-32001,"message":"$any:string","data":{"kind":"alert","id":"zz"}}}
