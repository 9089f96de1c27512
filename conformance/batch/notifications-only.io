# A batch of only notifications is not answered at all (even a failing one); their effects
# still happen.
## args: --clock manual
>> [{"jsonrpc":"2.0","method":"layer.add","params":{"id":"a"}},{"jsonrpc":"2.0","method":"layer.add","params":{"id":"a"}},{"jsonrpc":"2.0","method":"no.such"}]
>> {"jsonrpc":"2.0","id":1,"method":"layer.children"}
<< {"jsonrpc":"2.0","id":1,"result":{"total":1,"layers":[{"id":"a","parent":null,"sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}]}}
