// `paydrill-bench` (`make bench`): the development target that prints PayDrill's performance figures. It is
// not a product, so the shipped `paydrill` neither contains nor offers it.
Benchmark.run()
