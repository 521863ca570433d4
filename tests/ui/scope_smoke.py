# Run by test_scope.py under MicroPython (Node) and under CPython: both must print the same.
# A scope ended from outside its tasks, from one of its own, and through its parent.
import asyncio
import sys

if "/lib" not in sys.path:
    sys.path.insert(0, "/lib")

from triad.ui.page.scope import Scope

pending = True
said = []


async def tick(n=3):
    for _ in range(n):
        await asyncio.sleep(0)


async def worker(name, steps=50):
    try:
        for i in range(steps):
            said.append(name + " " + str(i))
            await asyncio.sleep(0)
        said.append(name + " finished")
    except asyncio.CancelledError:
        said.append(name + " cancelled")
        raise


async def ends_own(scope, name):
    said.append(name + " ends its scope")
    scope.end()
    said.append(name + " runs on until it awaits")
    await asyncio.sleep(0)
    said.append(name + " ran past its await")  # (never printed)


async def main():
    global pending
    root = Scope()
    match = root.child("match")
    ponder = match.child("ponder")
    a = match.spawn(worker("move"))
    b = ponder.spawn(worker("ponder"))
    await tick()
    print("running", len(root.running()))
    match.end()  # from outside: both cancelled, the nested one too
    await tick()
    print("after end", len(root.running()), a.done(), b.done(), ponder.ended)
    late = worker("late")
    print("spawn into ended", match.spawn(late), match.child("x").ended)
    replay = root.child("replay")
    c = replay.spawn(ends_own(replay, "step"))
    d = replay.spawn(worker("other"))
    await tick(5)
    print("own end", c.done(), d.done(), len(replay.running()), len(root.running()))
    quick = root.child("quick")
    e = quick.spawn(worker("short", 1))
    await tick(5)
    quick.end()  # its task is done: nothing to cancel
    print("done before end", e.done(), len(root.children))
    for line in said:
        print(line)
    pending = False


if sys.implementation.name == "micropython":
    # (the page's asyncio runs on JavaScript's event loop: the runner waits while `pending`)
    running = [asyncio.create_task(main())]
else:
    asyncio.run(main())
