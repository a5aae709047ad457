import { afterEach, describe, expect, it } from 'vitest'
import { runCli } from '../../test/support/cli-process.js'
import { readQuickStart } from './quick-start.js'

const savedPort = process.env.PORT

afterEach(() => {
  if (savedPort === undefined) delete process.env.PORT
  else process.env.PORT = savedPort
})

describe('readQuickStart', () => {
  it('reads start with a folder, --port and --host in their plain forms', () => {
    delete process.env.PORT
    expect(readQuickStart(['start'])).toEqual({ dir: '.', flags: {} })
    expect(readQuickStart(['start', 'plugin', '-p', '80', '-H', '0.0.0.0'])).toEqual({
      dir: 'plugin',
      flags: { port: 80, host: '0.0.0.0' },
    })
    expect(readQuickStart(['start', '--host', '::1', '--port', '0', 'x', '--port', '9'])).toEqual({
      dir: 'x',
      flags: { port: 9, host: '::1' },
    })
  })

  it.each([
    [['dev', 'plugin']],
    [['start', '--help']],
    [['start', '-h']],
    [['start', '--port=80']],
    [['start', '-p80']],
    [['start', '--port', 'abc']],
    [['start', '--port', '70000']],
    [['start', '--port']],
    [['start', '--host', '--port', '80']],
    [['start', 'a', 'b']],
    [['start', '-x', 'y']],
    [['start', '--', 'dir']],
  ])('leaves %j to Commander', (argv) => {
    delete process.env.PORT
    expect(readQuickStart(argv)).toBeUndefined()
  })

  it('leaves an invalid PORT to Commander, which reports it', () => {
    process.env.PORT = 'zz'
    expect(readQuickStart(['start'])).toBeUndefined()
  })
})

describe('portico start on arguments that skip the quick path', () => {
  it.each([
    [['start', '.', '--port', 'abc'], /argument 'abc' is invalid\. "abc" is not a port number/],
    [['start', 'a', 'b'], /too many arguments for 'start'/],
    [['start', '-x', 'y'], /unknown option '-x'/],
    [['start', '--help'], /Usage: portico start \[options\] \[dir\]/],
  ])('%j prints what Commander says', async (args, message) => {
    const cli = runCli(args)
    await cli.exited()
    expect(cli.output()).toMatch(message)
  })
})
