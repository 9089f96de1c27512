# rpc.discover answers the OpenRPC document embedded in the binary (its content is the
# schema itself, checked elsewhere).
>> {"jsonrpc":"2.0","id":1,"method":"rpc.discover"}
<< {"jsonrpc":"2.0","id":1,"result":"$any:object"}
