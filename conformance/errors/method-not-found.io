# -32601 Method not found, with the method name in data; a failing notification is
# never answered. Ordo's choice (docs/protocol.md, Errors): a name that looks like a slip of
# one method (the same name in another case, or the only one at an edit distance of at most
# 2, or a name without its namespace that one method ends with: ping) names it in
# data.suggestion and the message; LSP's own names (initialized, $/...) and names as near
# two methods (nav.pu: nav.pop and nav.push; get: layer.get and alert.get) or none get no
# suggestion.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"layer.ad"}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found: \"layer.ad\". Did you mean \"layer.add\"?","data":{"method":"layer.ad","suggestion":"layer.add"}}}
>> {"jsonrpc":"2.0","id":2,"method":""}
<< {"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"$any:string","data":{"method":""}}}
>> {"jsonrpc":"2.0","id":3,"method":"rpc.other"}
<< {"jsonrpc":"2.0","id":3,"error":{"code":-32601,"message":"$any:string","data":{"method":"rpc.other"}}}
>> {"jsonrpc":"2.0","id":5,"method":"Alert.Enqueue"}
<< {"jsonrpc":"2.0","id":5,"error":{"code":-32601,"message":"$any:string","data":{"method":"Alert.Enqueue","suggestion":"alert.enqueue"}}}
>> {"jsonrpc":"2.0","id":6,"method":"nav.pu"}
<< {"jsonrpc":"2.0","id":6,"error":{"code":-32601,"message":"$any:string","data":{"method":"nav.pu"}}}
>> {"jsonrpc":"2.0","id":7,"method":"initialized"}
<< {"jsonrpc":"2.0","id":7,"error":{"code":-32601,"message":"$any:string","data":{"method":"initialized"}}}
>> {"jsonrpc":"2.0","id":8,"method":"ping"}
<< {"jsonrpc":"2.0","id":8,"error":{"code":-32601,"message":"Method not found: \"ping\". Did you mean \"engine.ping\"?","data":{"method":"ping","suggestion":"engine.ping"}}}
>> {"jsonrpc":"2.0","id":9,"method":"get"}
<< {"jsonrpc":"2.0","id":9,"error":{"code":-32601,"message":"$any:string","data":{"method":"get"}}}
>> {"jsonrpc":"2.0","method":"layer.ad"}
>> {"jsonrpc":"2.0","id":4,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":4,"result":{"pong":true,"at":0}}
