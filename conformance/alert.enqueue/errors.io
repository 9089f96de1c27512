# alert.enqueue errors: missing type, delayMs with at, a negative delay, an unknown
# onDuplicate, unknown members, an id too long or empty: -32602. Duplicate id: -32002. A
# mount under an unknown layer: -32001. More active alerts than --max-alerts: -32004.
## args: --clock manual --max-alerts 2
>> {"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{}}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"$any:string","data":{"path":"/type","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"t","delayMs":1,"at":5}}
<< {"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"$any:string","data":{"path":"/at","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"t","delayMs":-5}}
<< {"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"$any:string","data":{"path":"/delayMs","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"t","onDuplicate":"merge"}}
<< {"jsonrpc":"2.0","id":4,"error":{"code":-32602,"message":"$any:string","data":{"path":"/onDuplicate","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.enqueue","params":{"type":"t","prio":1}}
<< {"jsonrpc":"2.0","id":5,"error":{"code":-32602,"message":"$any:string","data":{"path":"/prio","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":6,"method":"alert.enqueue","params":{"type":"t","id":""}}
<< {"jsonrpc":"2.0","id":6,"error":{"code":-32602,"message":"$any:string","data":{"path":"/id","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":7,"method":"alert.enqueue","params":{"type":"t","priority":1.5}}
<< {"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"$any:string","data":{"path":"/priority","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":8,"method":"alert.enqueue","params":{"type":"t","id":"a"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":8,"result":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":9,"method":"alert.enqueue","params":{"type":"t","id":"a"}}
<< {"jsonrpc":"2.0","id":9,"error":{"code":-32002,"message":"$any:string","data":{"kind":"alert","id":"a"}}}
>> {"jsonrpc":"2.0","id":10,"method":"alert.enqueue","params":{"type":"t","id":"m","mount":{"parent":"nowhere","sort":1}}}
<< {"jsonrpc":"2.0","id":10,"error":{"code":-32001,"message":"$any:string","data":{"kind":"layer","id":"nowhere"}}}
>> {"jsonrpc":"2.0","id":11,"method":"alert.enqueue","params":{"type":"t","id":"b"}}
<< {"jsonrpc":"2.0","id":11,"result":{"alert":{"id":"b","queue":"default","type":"t","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":12,"method":"alert.enqueue","params":{"type":"t","id":"c"}}
<< {"jsonrpc":"2.0","id":12,"error":{"code":-32004,"message":"$any:string","data":{"name":"maxAlerts","limit":2,"value":3}}}
# Ended alerts do not count against the limit.
>> {"jsonrpc":"2.0","id":13,"method":"alert.complete","params":{"id":"a"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"b","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":13,"result":{"id":"a","queue":"default","type":"t","priority":0,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":14,"method":"alert.enqueue","params":{"type":"t","id":"c"}}
<< {"jsonrpc":"2.0","id":14,"result":{"alert":{"id":"c","queue":"default","type":"t","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
