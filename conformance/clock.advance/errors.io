# clock.advance needs ms, a non-negative integer (1.0 counts as 1); on the system clock it
# is an invalid state (-32003).
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"clock.advance"}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"$any:string","data":{"path":"/ms","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":2,"method":"clock.advance","params":{"ms":-1}}
<< {"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"$any:string","data":{"path":"/ms","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":3,"method":"clock.advance","params":{"ms":1.5}}
<< {"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"$any:string","data":{"path":"/ms","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":4,"method":"clock.advance","params":{"ms":1.0}}
<< {"jsonrpc":"2.0","id":4,"result":{"now":1}}
>> {"jsonrpc":"2.0","id":5,"method":"clock.advance","params":{"ms":"10"}}
<< {"jsonrpc":"2.0","id":5,"error":{"code":-32602,"message":"$any:string","data":{"path":"/ms","expected":"$any:string"}}}
