# alert.cancel: filters combine with AND, at least one is required (none: -32602); it
# affects scheduled, pending, showing and suspended alerts (states narrows that); showing
# ones get alert.hide reason cancelled. The answer lists the cancelled ids.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.configure","params":{"maxConcurrent":2}}
<< {"jsonrpc":"2.0","id":1,"result":{"queue":"default","maxConcurrent":2,"minGapMs":0,"historyLimit":1000}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"gift","id":"g1","key":"x"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"g1","queue":"default","type":"gift","priority":0,"state":"showing","scope":null,"key":"x","data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"g1","queue":"default","type":"gift","priority":0,"state":"showing","scope":null,"key":"x","data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"gift","id":"g2","scope":"room"}}
<< {"jsonrpc":"2.0","id":3,"result":{"alert":{"id":"g2","queue":"default","type":"gift","priority":0,"state":"pending","scope":"room","key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"gift","id":"g3"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"g3","queue":"default","type":"gift","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":4,"result":{"alert":{"id":"g3","queue":"default","type":"gift","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.enqueue","params":{"type":"gift","id":"g4","delayMs":50}}
<< {"jsonrpc":"2.0","id":5,"result":{"alert":{"id":"g4","queue":"default","type":"gift","priority":0,"state":"scheduled","scope":null,"key":null,"data":null,"result":null,"seq":4,"createdAt":0,"readyAt":50,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":6,"method":"alert.enqueue","params":{"type":"news","id":"n1"}}
<< {"jsonrpc":"2.0","id":6,"result":{"alert":{"id":"n1","queue":"default","type":"news","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":5,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":7,"method":"alert.enqueue","params":{"type":"news","id":"n2","queue":"toast"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"n2","queue":"toast","type":"news","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":6,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":7,"result":{"alert":{"id":"n2","queue":"toast","type":"news","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":6,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":8,"method":"alert.cancel"}
<< {"jsonrpc":"2.0","id":8,"error":{"code":-32602,"message":"$any:string","data":{"path":"","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":9,"method":"alert.cancel","params":{"all":false}}
<< {"jsonrpc":"2.0","id":9,"error":{"code":-32602,"message":"$any:string","data":{"path":"","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":10,"method":"alert.cancel","params":{"type":"gift","states":["pending","scheduled"]}}
<< {"jsonrpc":"2.0","id":10,"result":{"cancelled":["g2","g4"]}}
>> {"jsonrpc":"2.0","id":11,"method":"alert.cancel","params":{"type":"gift","key":"nope"}}
<< {"jsonrpc":"2.0","id":11,"result":{"cancelled":[]}}
>> {"jsonrpc":"2.0","id":12,"method":"alert.cancel","params":{"ids":["g1","n2","missing"]}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"g1","queue":"default","reason":"cancelled","at":0}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"n2","queue":"toast","reason":"cancelled","at":0}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"n1","queue":"default","type":"news","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":5,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"toast","at":0}}
<< {"jsonrpc":"2.0","id":12,"result":{"cancelled":["g1","n2"]}}
>> {"jsonrpc":"2.0","id":13,"method":"alert.cancel","params":{"queue":"default","scope":"room"}}
<< {"jsonrpc":"2.0","id":13,"result":{"cancelled":[]}}
>> {"jsonrpc":"2.0","id":14,"method":"alert.cancel","params":{"id":"g1"}}
<< {"jsonrpc":"2.0","id":14,"result":{"cancelled":[]}}
>> {"jsonrpc":"2.0","id":15,"method":"alert.cancel","params":{"all":true}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"g3","queue":"default","reason":"cancelled","at":0}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"n1","queue":"default","reason":"cancelled","at":0}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"default","at":0}}
<< {"jsonrpc":"2.0","id":15,"result":{"cancelled":["g3","n1"]}}
>> {"jsonrpc":"2.0","id":16,"method":"alert.cancel","params":{"states":["done"]}}
<< {"jsonrpc":"2.0","id":16,"error":{"code":-32602,"message":"$any:string","data":{"path":"/states/0","expected":"$any:string"}}}
