# -32602 for a member of the wrong type, at its JSON Pointer. protocol.md, Errors: -32602
# "a member missing, unknown, mistyped or out of range", `path` "a JSON Pointer into
# `params`"; Values: integers within ±(2^53−1), "`1.0` counts as the integer 1" (so 1e2 is
# 100, and true is no integer), names 1 to 256 characters, `null` means the member is left
# out (so a required one is then missing), `states` "must be non-empty sets (no repeated
# state)"; alert.cancel: "`states` may only name states that have not ended", "`scope:
# null` ... selects nothing by itself (-32602 like no filter)", "`ids: []` is a filter that
# matches nothing"; "a request that fails changes nothing, not even an id counter" (the
# layer at the end is layer-1). The paths of a repeated or ended state name the entry.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"layer.add","params":{"hidden":"yes"}}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"$any:string","data":{"path":"/hidden","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":2,"method":"layer.add","params":{"sort":true}}
<< {"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"$any:string","data":{"path":"/sort","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":3,"method":"layer.add","params":{"frame":[]}}
<< {"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"$any:string","data":{"path":"/frame","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":4,"method":"layer.add","params":{"frame":{"x":0,"y":0,"width":"10","height":1}}}
<< {"jsonrpc":"2.0","id":4,"error":{"code":-32602,"message":"$any:string","data":{"path":"/frame/width","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":5,"method":"layer.add","params":{"frame":{"x":0,"y":0,"width":10}}}
<< {"jsonrpc":"2.0","id":5,"error":{"code":-32602,"message":"$any:string","data":{"path":"/frame/height","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":6,"method":"layer.add","params":{"parent":5}}
<< {"jsonrpc":"2.0","id":6,"error":{"code":-32602,"message":"$any:string","data":{"path":"/parent","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":7,"method":"layer.get","params":{"id":5}}
<< {"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"$any:string","data":{"path":"/id","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":8,"method":"layer.get","params":{"id":null}}
<< {"jsonrpc":"2.0","id":8,"error":{"code":-32602,"message":"$any:string","data":{"path":"/id","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":9,"method":"layer.children","params":{"offset":-1}}
<< {"jsonrpc":"2.0","id":9,"error":{"code":-32602,"message":"$any:string","data":{"path":"/offset","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":10,"method":"layer.tree","params":{"depth":"all"}}
<< {"jsonrpc":"2.0","id":10,"error":{"code":-32602,"message":"$any:string","data":{"path":"/depth","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":11,"method":"layer.render","params":{"labels":"no"}}
<< {"jsonrpc":"2.0","id":11,"error":{"code":-32602,"message":"$any:string","data":{"path":"/labels","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":12,"method":"alert.enqueue","params":{"type":5}}
<< {"jsonrpc":"2.0","id":12,"error":{"code":-32602,"message":"$any:string","data":{"path":"/type","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":13,"method":"alert.enqueue","params":{"type":"t","priority":"high"}}
<< {"jsonrpc":"2.0","id":13,"error":{"code":-32602,"message":"$any:string","data":{"path":"/priority","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":14,"method":"alert.enqueue","params":{"type":"t","preempt":"yes"}}
<< {"jsonrpc":"2.0","id":14,"error":{"code":-32602,"message":"$any:string","data":{"path":"/preempt","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":15,"method":"alert.enqueue","params":{"type":"t","delayMs":1.5}}
<< {"jsonrpc":"2.0","id":15,"error":{"code":-32602,"message":"$any:string","data":{"path":"/delayMs","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":16,"method":"alert.enqueue","params":{"type":"t","ttlMs":-1}}
<< {"jsonrpc":"2.0","id":16,"error":{"code":-32602,"message":"$any:string","data":{"path":"/ttlMs","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":17,"method":"alert.enqueue","params":{"type":"t","key":""}}
<< {"jsonrpc":"2.0","id":17,"error":{"code":-32602,"message":"$any:string","data":{"path":"/key","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":18,"method":"alert.enqueue","params":{"type":"t","limit":{"max":-1}}}
<< {"jsonrpc":"2.0","id":18,"error":{"code":-32602,"message":"$any:string","data":{"path":"/limit/max","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":19,"method":"alert.enqueue","params":{"type":"t","limit":{"max":1,"per":"user"}}}
<< {"jsonrpc":"2.0","id":19,"error":{"code":-32602,"message":"$any:string","data":{"path":"/limit/per","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":20,"method":"alert.enqueue","params":{"type":"t","onLimit":"later"}}
<< {"jsonrpc":"2.0","id":20,"error":{"code":-32602,"message":"$any:string","data":{"path":"/onLimit","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":21,"method":"alert.enqueue","params":{"type":"t","mount":5}}
<< {"jsonrpc":"2.0","id":21,"error":{"code":-32602,"message":"$any:string","data":{"path":"/mount","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":22,"method":"alert.enqueue","params":{"type":"t","mount":{"parent":null}}}
<< {"jsonrpc":"2.0","id":22,"error":{"code":-32602,"message":"$any:string","data":{"path":"/mount/sort","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":23,"method":"alert.enqueue","params":{"type":"t","data":{"x":1},"persist":1}}
<< {"jsonrpc":"2.0","id":23,"error":{"code":-32602,"message":"$any:string","data":{"path":"/persist","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":24,"method":"alert.list","params":{"states":[]}}
<< {"jsonrpc":"2.0","id":24,"error":{"code":-32602,"message":"$any:string","data":{"path":"/states","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":25,"method":"alert.list","params":{"states":["pending","pending"]}}
<< {"jsonrpc":"2.0","id":25,"error":{"code":-32602,"message":"$any:string","data":{"path":"/states/1","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":26,"method":"alert.list","params":{"states":"pending"}}
<< {"jsonrpc":"2.0","id":26,"error":{"code":-32602,"message":"$any:string","data":{"path":"/states","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":27,"method":"alert.cancel","params":{"states":["done"]}}
<< {"jsonrpc":"2.0","id":27,"error":{"code":-32602,"message":"$any:string","data":{"path":"/states/0","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":28,"method":"alert.cancel","params":{"scope":null}}
<< {"jsonrpc":"2.0","id":28,"error":{"code":-32602,"message":"$any:string","data":{"path":"","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":29,"method":"alert.cancel","params":{"ids":[]}}
<< {"jsonrpc":"2.0","id":29,"result":{"cancelled":[]}}
>> {"jsonrpc":"2.0","id":30,"method":"alert.cancel","params":{"all":"yes"}}
<< {"jsonrpc":"2.0","id":30,"error":{"code":-32602,"message":"$any:string","data":{"path":"/all","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":31,"method":"nav.set","params":{"stack":"room"}}
<< {"jsonrpc":"2.0","id":31,"error":{"code":-32602,"message":"$any:string","data":{"path":"/stack","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":32,"method":"nav.set","params":{"stack":["room",5]}}
<< {"jsonrpc":"2.0","id":32,"error":{"code":-32602,"message":"$any:string","data":{"path":"/stack/1","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":33,"method":"nav.push","params":{"scope":null}}
<< {"jsonrpc":"2.0","id":33,"error":{"code":-32602,"message":"$any:string","data":{"path":"/scope","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":34,"method":"events.subscribe","params":{"topics":"alert.changed"}}
<< {"jsonrpc":"2.0","id":34,"error":{"code":-32602,"message":"$any:string","data":{"path":"/topics","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":35,"method":"clock.advance","params":{"ms":"5"}}
<< {"jsonrpc":"2.0","id":35,"error":{"code":-32602,"message":"$any:string","data":{"path":"/ms","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":36,"method":"alert.pause","params":{"reason":5}}
<< {"jsonrpc":"2.0","id":36,"error":{"code":-32602,"message":"$any:string","data":{"path":"/reason","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":37,"method":"alert.configure","params":{"maxConcurrent":true}}
<< {"jsonrpc":"2.0","id":37,"error":{"code":-32602,"message":"$any:string","data":{"path":"/maxConcurrent","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":38,"method":"alert.history","params":{"limit":1000001}}
<< {"jsonrpc":"2.0","id":38,"error":{"code":-32602,"message":"$any:string","data":{"path":"/limit","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":39,"method":"initialize","params":{"clientInfo":{"name":5}}}
<< {"jsonrpc":"2.0","id":39,"error":{"code":-32602,"message":"$any:string","data":{"path":"/clientInfo/name","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":40,"method":"alert.forget","params":{"type":"t","all":"no"}}
<< {"jsonrpc":"2.0","id":40,"error":{"code":-32602,"message":"$any:string","data":{"path":"/all","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":41,"method":"layer.add","params":{"sort":1e2}}
<< {"jsonrpc":"2.0","id":41,"result":{"id":"layer-1","parent":null,"sort":100,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
