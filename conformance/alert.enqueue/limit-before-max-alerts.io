# The frequency limit is checked before --max-alerts: an alert its limit drops is never
# created, so at the cap it is "limited", not -32004; one its limit defers would be created,
# and that one is over the cap.
## args: --clock manual --max-alerts 1
>> {"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"t","id":"a"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":1,"result":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"t","id":"b","limit":{"max":1,"windowMs":1000}}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":null,"disposition":"limited","retryAt":1000}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"t","id":"b","limit":{"max":1,"windowMs":1000},"onLimit":"defer"}}
<< {"jsonrpc":"2.0","id":3,"error":{"code":-32004,"message":"At most 1 alert may be active at once; this would make 2. The limit is set by --max-alerts.","data":{"name":"maxAlerts","limit":1,"value":2}}}
