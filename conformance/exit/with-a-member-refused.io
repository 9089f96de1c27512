# exit with a member it does not take is refused like any method's unknown member (-32602
# at its path) and does not end the process: as a request it is answered, as a
# notification it is not (only logged), and the session goes on; the end of input then
# exits 0 (an exit that ended it, with no shutdown, would give 1). protocol.md, Lifecycle:
# "`exit` takes no params: with a member it is refused (-32602, logged when a
# notification) like any method's unknown member, and does not end the process";
# JSON-RPC 2.0: "An unknown member anywhere in `params` gets -32602".
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"exit","params":{"status":0}}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"$any:string","data":{"path":"/status","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":2,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":2,"result":{"pong":true,"at":0}}
>> {"jsonrpc":"2.0","method":"exit","params":{"now":true}}
>> {"jsonrpc":"2.0","id":3,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":3,"result":{"pong":true,"at":0}}
