# engine.reset {state: true} without --state is a plain reset (there is nothing on disk to
# empty); engine.stats.state is null without --state. A non-boolean state is -32602.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"t","id":"a"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":1,"result":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":2,"method":"engine.reset","params":{"state":true}}
<< {"jsonrpc":"2.0","id":2,"result":null}
>> {"jsonrpc":"2.0","id":3,"method":"alert.list"}
<< {"jsonrpc":"2.0","id":3,"result":{"alerts":[]}}
>> {"jsonrpc":"2.0","id":4,"method":"engine.reset","params":{"state":"yes"}}
<< {"jsonrpc":"2.0","id":4,"error":{"code":-32602,"message":"$any:string","data":{"path":"/state","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":5,"method":"engine.stats"}
<< {"jsonrpc":"2.0","id":5,"result":{"layers":0,"alerts":{"scheduled":0,"pending":0,"showing":0,"suspended":0,"ended":0},"requests":5,"uptimeMs":"$any:integer","state":null}}
