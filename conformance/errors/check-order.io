# The fixed order in which a request's checks are made: the same bad request always gets
# the same error. protocol.md, Errors: "first a member of `params` the method does not take
# (-32602 at its path; in a nested object such as `frame`, when that object is read, before
# its own members), then each member's type and range, then what needs the engine's state";
# layer.add: "`id` (its type, then a reserved id), the placement (`sort`, `above`, `below`:
# their types, then their combinations), `frame`, `hidden`, `interactive`, `clips`,
# `parent`'s type; then duplicate id, parent, sibling, `parent` other than the sibling's,
# `maxLayers`"; alert.enqueue: "params (including `/key` for a per-key limit),
# `mount.parent` ..., the dedupe, the id, the frequency limit, `--max-alerts`".
## args: --clock manual --max-layers 1 --max-alerts 1
>> {"jsonrpc":"2.0","id":1,"method":"layer.add","params":{"id":"a"}}
<< {"jsonrpc":"2.0","id":1,"result":{"id":"a","parent":null,"sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":2,"method":"layer.add","params":{"bogus":1,"id":5}}
<< {"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"$any:string","data":{"path":"/bogus","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":3,"method":"layer.add","params":{"id":5,"sort":"x"}}
<< {"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"$any:string","data":{"path":"/id","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":4,"method":"layer.add","params":{"id":"alert:x","sort":"x"}}
<< {"jsonrpc":"2.0","id":4,"error":{"code":-32602,"message":"$any:string","data":{"path":"/id","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":5,"method":"layer.add","params":{"above":"a","sort":1,"frame":{"x":0,"y":0,"width":-1,"height":0}}}
<< {"jsonrpc":"2.0","id":5,"error":{"code":-32602,"message":"$any:string","data":{"path":"/sort","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":6,"method":"layer.add","params":{"frame":{"x":0,"y":0,"width":-1,"height":0,"q":1}}}
<< {"jsonrpc":"2.0","id":6,"error":{"code":-32602,"message":"$any:string","data":{"path":"/frame/q","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":7,"method":"layer.add","params":{"frame":{"x":0,"y":0,"width":-1,"height":1},"hidden":"yes"}}
<< {"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"$any:string","data":{"path":"/frame/width","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":8,"method":"layer.add","params":{"parent":5,"hidden":"yes","interactive":"no"}}
<< {"jsonrpc":"2.0","id":8,"error":{"code":-32602,"message":"$any:string","data":{"path":"/hidden","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":9,"method":"layer.add","params":{"parent":5,"clips":"x"}}
<< {"jsonrpc":"2.0","id":9,"error":{"code":-32602,"message":"$any:string","data":{"path":"/clips","expected":"$any:string"}}}
# State: the duplicate id first, then the parent, then the sibling, then a parent other
# than the sibling's ("a" is at the top level), then --max-layers (1, reached by "a").
>> {"jsonrpc":"2.0","id":10,"method":"layer.add","params":{"id":"a","parent":"nope","below":"a"}}
<< {"jsonrpc":"2.0","id":10,"error":{"code":-32002,"message":"$any:string","data":{"kind":"layer","id":"a"}}}
>> {"jsonrpc":"2.0","id":11,"method":"layer.add","params":{"id":"n","parent":"nope","below":"zz"}}
<< {"jsonrpc":"2.0","id":11,"error":{"code":-32001,"message":"$any:string","data":{"kind":"layer","id":"nope"}}}
>> {"jsonrpc":"2.0","id":12,"method":"layer.add","params":{"id":"n","below":"zz","parent":"a"}}
<< {"jsonrpc":"2.0","id":12,"error":{"code":-32001,"message":"$any:string","data":{"kind":"layer","id":"zz"}}}
>> {"jsonrpc":"2.0","id":13,"method":"layer.add","params":{"id":"n","below":"a","parent":"a"}}
<< {"jsonrpc":"2.0","id":13,"error":{"code":-32602,"message":"$any:string","data":{"path":"/parent","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":14,"method":"layer.add","params":{"id":"n","below":"a"}}
<< {"jsonrpc":"2.0","id":14,"error":{"code":-32004,"message":"$any:string","data":{"name":"maxLayers","limit":1,"value":2}}}
# alert.enqueue: a per-key limit without key is a params error, before the unknown mount.parent.
>> {"jsonrpc":"2.0","id":15,"method":"alert.enqueue","params":{"type":"t","limit":{"max":1,"per":"key"},"mount":{"parent":"nope","sort":0}}}
<< {"jsonrpc":"2.0","id":15,"error":{"code":-32602,"message":"$any:string","data":{"path":"/key","expected":"$any:string"}}}
# x (key k) shows. The dedupe comes before the id: onDuplicate error names the key, and a
# replace answers x though the request's id is x's; with another key, the id x is taken
# (-32002 alert) before the limit (max 0) is looked at; a new id meets the limit (limited)
# before --max-alerts; without a limit it meets --max-alerts.
>> {"jsonrpc":"2.0","id":16,"method":"alert.enqueue","params":{"type":"t","id":"x","key":"k"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"x","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":"k","data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":16,"result":{"alert":{"id":"x","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":"k","data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":17,"method":"alert.enqueue","params":{"type":"t","id":"x","key":"k","onDuplicate":"error"}}
<< {"jsonrpc":"2.0","id":17,"error":{"code":-32002,"message":"$any:string","data":{"kind":"key","id":"k"}}}
>> {"jsonrpc":"2.0","id":18,"method":"alert.enqueue","params":{"type":"t","id":"x","key":"k","data":1}}
<< {"jsonrpc":"2.0","method":"alert.update","params":{"alert":{"id":"x","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":"k","data":1,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"at":0}}
<< {"jsonrpc":"2.0","id":18,"result":{"alert":{"id":"x","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":"k","data":1,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"replaced"}}
>> {"jsonrpc":"2.0","id":19,"method":"alert.enqueue","params":{"type":"t","id":"x","key":"k2","limit":{"max":0}}}
<< {"jsonrpc":"2.0","id":19,"error":{"code":-32002,"message":"$any:string","data":{"kind":"alert","id":"x"}}}
>> {"jsonrpc":"2.0","id":20,"method":"alert.enqueue","params":{"type":"t","id":"y","limit":{"max":0}}}
<< {"jsonrpc":"2.0","id":20,"result":{"alert":null,"disposition":"limited","retryAt":null}}
>> {"jsonrpc":"2.0","id":21,"method":"alert.enqueue","params":{"type":"t","id":"y"}}
<< {"jsonrpc":"2.0","id":21,"error":{"code":-32004,"message":"$any:string","data":{"name":"maxAlerts","limit":1,"value":2}}}
