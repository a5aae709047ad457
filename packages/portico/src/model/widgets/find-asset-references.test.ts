import { describe, expect, it } from 'vitest'
import { findAssetReferences } from './find-asset-references.js'

/** What was found, as `tag attribute url`, each checked against its offsets in the page. */
function found(html: string): string[] {
  return findAssetReferences(html).map((reference) => {
    expect(html.slice(reference.start, reference.end)).toBe(reference.url)
    return `${reference.tag} ${reference.attribute} ${reference.url}`
  })
}

describe('findAssetReferences', () => {
  it('finds every loading attribute of every loading tag, quoted or not, in any case', () => {
    const html = [
      '<SCRIPT SRC="/a.js"></SCRIPT>',
      "<link rel=stylesheet href='/b.css'>",
      '<img src=/c.png alt=x>',
      '<video poster="/d.png" src="/e.mp4"><source src="/f.webm"><track src="/g.vtt"></video>',
      '<audio src = "/h.mp3"></audio>',
      '<embed src="/i.svg"><object data="/j.pdf"></object>',
      '<iframe src="/k.html"></iframe>',
    ].join('\n')
    expect(found(html)).toEqual([
      'script src /a.js',
      'link href /b.css',
      'img src /c.png',
      'video poster /d.png',
      'video src /e.mp4',
      'source src /f.webm',
      'track src /g.vtt',
      'audio src /h.mp3',
      'embed src /i.svg',
      'object data /j.pdf',
      'iframe src /k.html',
    ])
  })

  it('reads each srcset candidate, a data: URL with its commas included', () => {
    const html =
      '<img srcset="/a.png 1x,/b.png 2x , data:image/png;base64,AAAA,BBBB 3x, /c.png"><source srcset="/d.png">'
    expect(found(html)).toEqual([
      'img srcset /a.png',
      'img srcset /b.png',
      'img srcset data:image/png;base64,AAAA,BBBB',
      'img srcset /c.png',
      'source srcset /d.png',
    ])
  })

  it('trims the whitespace around a URL, as browsers do', () => {
    expect(found('<script src="  /a.js\n"></script>')).toEqual(['script src /a.js'])
  })

  it('leaves out links, other attributes, empty values, comments and text-only content', () => {
    const html = [
      '<a href="https://example.com">x</a>',
      '<img data-src="https://example.com/x.png" src="">',
      '<!-- <script src="https://example.com/commented.js"></script> -->',
      '<script>const html = \'<img src="https://example.com/in-script.png">\'</script>',
      '<style>/* <link href="https://example.com/in-style.css"> */</style>',
      '<textarea><img src="https://example.com/in-textarea.png"></textarea>',
      '<title><img src="https://example.com/in-title.png"></title>',
      '<div title="<img src=https://example.com/in-attribute.png>"></div>',
      '<script src="/after.js"></script>',
    ].join('\n')
    expect(found(html)).toEqual(['script src /after.js'])
  })

  it('reads on after comments closed as browsers close them, and inside <noscript>', () => {
    const html = [
      '<!--><script src="/a.js"></script>',
      '<!---><script src="/b.js"></script>',
      '<!-- x --!><script src="/c.js"></script>',
      '<!----><noscript><img src="/d.png"></noscript>',
    ].join('\n')
    expect(found(html)).toEqual([
      'script src /a.js',
      'script src /b.js',
      'script src /c.js',
      'img src /d.png',
    ])
  })

  it('ends on a page cut short: an open comment, tag, quote or script', () => {
    expect(found('<img src="/a.png"><!-- <img src="/b.png">')).toEqual(['img src /a.png'])
    expect(found('<img src="/a.png')).toEqual(['img src /a.png'])
    expect(found('<script src="/a.js">const x = "<img src=/b.png>"')).toEqual(['script src /a.js'])
    expect(found('<img')).toEqual([])
    expect(found('a < b and <3')).toEqual([])
  })
})
