// Passwords that appear at the top of every leaked-password list (RockYou, NCSC top 100k,
// yearly "worst passwords" lists), kept to those that pass the 8-character minimum: shorter ones
// are refused by length already. Compared case-insensitively after trimming.
const LIST = `
password 12345678 123456789 1234567890 12345678910 0123456789 01234567 87654321 987654321
11111111 22222222 33333333 44444444 55555555 66666666 77777777 88888888 99999999 00000000
12121212 11223344 12341234 12344321 123123123 123321123 1234512345 123456123 147258369
159753456 123654789 741852963 789456123 147852369 963852741 1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y
q1w2e3r4 q1w2e3r4t5 1qaz2wsx 1qazxsw2 1qaz2wsx3edc !qaz2wsx zaq12wsx zaq1zaq1 zaq1xsw2
qazwsxedc qweasdzxc 123qweasd qwertyuiop qwertyui qwerty12 qwerty123 qwerty1234 qwerty@123
1234qwer qwer1234 asdfghjkl asdfasdf asdf1234 zxcvbnm1 zxcvbnm123 abcd1234 abc12345 abc123456
abc@1234 abcdefgh abcdefg1 aaaaaaaa password password1 password12 password123 password1234
password! password@123 passw0rd p@ssw0rd p@ssword p@ssword1 pa55word pa55w0rd passwort
motdepasse contraseña senha123 pass1234 pass@123 passpass iloveyou iloveyou1 iloveyou2
iloveyou! loveyou1 lovelove lovely12 iloveindia india123 india@123 welcome1 welcome123
welcome@123 letmein1 letmein! letmein123 trustno1 sunshine sunshine1 princess princess1
football football1 baseball baseball1 basketball superman superman1 batman12 starwars
whatever computer internet jennifer jennifer1 michelle jessica1 charlie1 michael1 mustang1
shadow12 monkey12 dragon12 master12 killer12 hunter12 ranger12 thomas12 soccer12 hockey12
george12 harley12 jordan12 jordan23 summer12 chelsea1 liverpool arsenal1 manchester
barcelona realmadrid pokemon1 naruto12 babygirl babygirl1 butterfly elizabeth alexander
samantha victoria chocolate cookie12 freedom1 blink182 spiderman 123abc123 admin123
admin1234 admin@123 administrator root1234 changeme changeme1 default1 test1234 test@123
testtest testing1 demo1234 guest123 user1234 secret12 secret123 qwerty11 1234abcd a1b2c3d4
a1234567 aa123456 aa12345678 krishna1 sairam123 ganesh123 omsairam jaishreeram 12345qwert
qwert12345 123456qwerty qwerty123456 asdf123456 zxcv1234 11111111a 1234567a 12345678a
123456789a a123456789 1a2b3c4d 00000000a princess123 iloveu123 monkey123 dragon123 shadow123
master123 football123 superman123 sunshine123 hello123 hello1234 helloworld welcome12
letmein12 access14 mynoob123 trustme1 fuckyou1 bigdaddy cheese12 internet1 computer1
google123 facebook1 linkedin1 instagram youtube1 azerty123 azertyuiop 1234567890q
correcthorsebatterystaple
`;

const COMMON = new Set(
  LIST.split(/\s+/)
    .map((p) => p.trim().toLowerCase())
    .filter((p) => p.length > 0),
);
// Phrases cannot be written in the space-separated list above.
COMMON.add('correct horse battery staple');

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.trim().toLowerCase());
}

export const COMMON_PASSWORD_COUNT = COMMON.size;
